/** Where operators see the job queues: bull-board with Redis, our own page without. */
export const queueDashboardPath = '/admin/queues';
