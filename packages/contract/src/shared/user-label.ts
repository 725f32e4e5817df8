/** How the portal names a person in company history and mail: "Name <email>", or the address alone. */
export function userLabel(user: { email: string; contact_name: string }): string {
  return user.contact_name ? `${user.contact_name} <${user.email}>` : user.email;
}
