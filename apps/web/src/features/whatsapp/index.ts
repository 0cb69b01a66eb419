/** The WhatsApp area's public face: the department directory (instances) other areas choose a sender from. */
export { useInstances as useWhatsAppInstances } from './api/list-instances';
export { useInstanceOptions } from './api/instance-options';
