/** The administration area's public face: the business calendar and settings other areas read (level 20). */
export { useBusinessSettings } from './api/get-business-settings';
