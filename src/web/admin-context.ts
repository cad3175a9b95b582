/**
 * The seam between the visitor screens and the owner's tools (issue 4, DESIGN.md "Admin code is a
 * separate lazy chunk"). Screens read `useAdmin()`: null for visitors, so they render no admin
 * control and import no admin code. In admin mode (spec §4: a non-empty admin-key cookie) the lazily
 * loaded admin chunk provides an AdminApi and screens call it from their click handlers.
 */
import { createContext, useContext } from 'react';

export interface AdminApi {
  /** Prompt for a new value of a string or count detail field ('name', 'address', 'bedCount', ...). */
  editDetail(propertyId: string, field: string): void;
  /** Prompt for a comma-separated facilities list (spec §5). */
  editFacilities(propertyId: string): void;
  /** Multi-line prompt for the description. */
  editDescription(propertyId: string): void;
  /** Opens the Manage Images dialog for a property (the hero image click, spec §2). */
  openManageImages(propertyId: string): void;
  /** Opens the property's Calendar dialog: feeds, blocks, export URL (AVL-1). */
  openCalendar(propertyId: string): void;
  /** Prompt for a new home section name (spec §2 'Create Category'). */
  createCategory(): void;
  /** Confirmation showing the section's name and id, then delete (spec §5). */
  deleteCategory(sectionId: string): void;
  /** Opens Select Property to add a property to the section (spec §2). */
  addPropertyToCategory(sectionId: string): void;
}

export const AdminContext = createContext<AdminApi | null>(null);

/** The owner's tools in admin mode, or null for a visitor. */
export function useAdmin(): AdminApi | null {
  return useContext(AdminContext);
}

/** Spec §4: admin mode is on when a non-empty admin-key cookie is present. */
export function hasAdminKeyCookie(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => {
    const [key, ...rest] = part.trim().split('=');
    return key === 'admin-key' && rest.join('=').trim() !== '';
  });
}
