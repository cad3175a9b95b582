/**
 * The seam between the visitor screens and the owner's tools (ADMIN-1, DESIGN.md "Admin code is a
 * separate lazy chunk"). Screens read `useAdmin()`: null for visitors, so they render no admin
 * control and import no admin code. In admin mode (ADMIN-1: a non-empty admin-key cookie) the lazily
 * loaded admin chunk provides an AdminApi and screens call it from their click handlers.
 */
import { createContext, useContext } from 'react';
import type { Permission } from '../shared/permissions.js';

/**
 * The property's texts of several lines, edited in the in-page multi-line editor (FLOW-8: the
 * browser's prompt cannot take line breaks): the description (PROP-7), the house rules and the
 * cancellation policy (BOOK-12).
 */
export type LongTextField = 'description' | 'houseRules' | 'cancellationPolicy';

export interface AdminApi {
  /** Prompt for a new value of a string or count detail field ('name', 'address', 'bedCount', ...). */
  editDetail(propertyId: string, field: string): void;
  /** Prompt for a comma-separated facilities list (FLOW-8). */
  editFacilities(propertyId: string): void;
  /** Multi-line prompt for one of the property's long texts. */
  editLongText(propertyId: string, field: LongTextField): void;
  /** Opens the Manage Images dialog for a property (the hero image click, PROP-8). */
  openManageImages(propertyId: string): void;
  /** Opens the property's Calendar dialog: feeds, blocks, export URL (AVL-1). */
  openCalendar(propertyId: string): void;
  /** Opens the property's Rates dialog: every rate field, seasons, a preview quote (RATES-1). */
  openRates(propertyId: string): void;
  /** Prompt for a new home section name (HOME-4 'Create Category'). */
  createCategory(): void;
  /** Confirmation showing the section's name and id, then delete (FLOW-9). */
  deleteCategory(sectionId: string): void;
  /** Opens Select Property to add a property to the section (HOME-4). */
  addPropertyToCategory(sectionId: string): void;
  /** True when the logged-in account's role may use `permission` (TEAM-1): show only those controls. */
  may(permission: Permission): boolean;
}

export const AdminContext = createContext<AdminApi | null>(null);

/** The owner's tools in admin mode, or null for a visitor. */
export function useAdmin(): AdminApi | null {
  return useContext(AdminContext);
}
