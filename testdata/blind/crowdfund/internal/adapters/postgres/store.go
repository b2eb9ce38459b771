package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightfund/crowdfund/internal/adapters/postgres/dbq"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

// JobBinder is implemented by the job queue adapter: it enqueues on its own
// connection, or inside a transaction once bound to one.
type JobBinder interface {
	ports.JobQueue
	Bind(tx pgx.Tx) ports.JobQueue
}

// repoSet implements ports.Repos over one dbq handle.
type repoSet struct {
	q    *dbq.Queries
	jobs ports.JobQueue
}

func (r repoSet) Campaigns() ports.CampaignRepository         { return campaignRepo{r.q} }
func (r repoSet) Tiers() ports.TierRepository                 { return tierRepo{r.q} }
func (r repoSet) StretchGoals() ports.StretchGoalRepository   { return stretchGoalRepo{r.q} }
func (r repoSet) Updates() ports.CampaignUpdateRepository     { return updateRepo{r.q} }
func (r repoSet) Pledges() ports.PledgeRepository             { return pledgeRepo{r.q} }
func (r repoSet) Addons() ports.AddonRepository               { return addonRepo{r.q} }
func (r repoSet) Adjustments() ports.AdjustmentRepository     { return adjustmentRepo{r.q} }
func (r repoSet) Addresses() ports.AddressRepository          { return addressRepo{r.q} }
func (r repoSet) Refunds() ports.RefundRepository             { return refundRepo{r.q} }
func (r repoSet) Disputes() ports.DisputeRepository           { return disputeRepo{r.q} }
func (r repoSet) Shipments() ports.ShipmentRepository         { return shipmentRepo{r.q} }
func (r repoSet) Payouts() ports.PayoutRepository             { return payoutRepo{r.q} }
func (r repoSet) Ledger() ports.LedgerRepository              { return ledgerRepo{r.q} }
func (r repoSet) Notifications() ports.NotificationRepository { return notificationRepo{r.q} }
func (r repoSet) WebhookEvents() ports.WebhookEventRepository { return webhookEventRepo{r.q} }
func (r repoSet) Backers() ports.BackerDirectory              { return backerDirectory{r.q} }
func (r repoSet) Jobs() ports.JobQueue                        { return r.jobs }

// Store is the pool-bound repository set.
type Store struct {
	repoSet
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool, jobs JobBinder) *Store {
	return &Store{
		repoSet: repoSet{q: dbq.New(pool), jobs: jobs},
		pool:    pool,
	}
}

// UnitOfWork runs callbacks in a transaction.
type UnitOfWork struct {
	pool *pgxpool.Pool
	q    *dbq.Queries
	jobs JobBinder
}

func NewUnitOfWork(pool *pgxpool.Pool, jobs JobBinder) *UnitOfWork {
	return &UnitOfWork{pool: pool, q: dbq.New(pool), jobs: jobs}
}

func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, r ports.Repos) error) (err error) {
	tx, err := u.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("postgres: begin: %w", err)
	}
	defer func() {
		if err != nil {
			if rbErr := tx.Rollback(ctx); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, rbErr)
			}
		}
	}()

	repos := repoSet{q: u.q.WithTx(tx), jobs: u.jobs.Bind(tx)}
	if err = fn(ctx, repos); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: commit: %w", err)
	}
	return nil
}
