package ports

import "context"

// Repos is the set of repositories bound to one database handle: either
// the pool, where every call is its own statement, or a transaction.
type Repos interface {
	Campaigns() CampaignRepository
	Tiers() TierRepository
	StretchGoals() StretchGoalRepository
	Updates() CampaignUpdateRepository
	Pledges() PledgeRepository
	Addons() AddonRepository
	Adjustments() AdjustmentRepository
	Addresses() AddressRepository
	Refunds() RefundRepository
	Disputes() DisputeRepository
	Shipments() ShipmentRepository
	Payouts() PayoutRepository
	Ledger() LedgerRepository
	Notifications() NotificationRepository
	WebhookEvents() WebhookEventRepository
	Backers() BackerDirectory
	Jobs() JobQueue
}

// UnitOfWork runs fn inside a database transaction. The Repos passed to fn
// (including Jobs) are bound to that transaction; returning an error rolls
// everything back.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}
