/** The expenses area's public face: its categories (Administración edits them) and their icon. */
export { useExpenseCategories } from './api/list-expense-categories';
export { useSaveExpenseCategory } from './api/save-expense-category';
export { useDeleteExpenseCategory } from './api/delete-expense-category';
export { CategoryIcon } from './components/category-icon';
