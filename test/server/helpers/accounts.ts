/** The accounts every test database holds. */
export const TEST_ADMIN = { email: 'admin@petcare.test', password: 'Admin@123', name: 'Test Admin' } as const
export const TEST_SUB_ADMIN = { email: 'subadmin@petcare.test', password: 'SubAdmin@123', name: 'Test Sub Admin' } as const
