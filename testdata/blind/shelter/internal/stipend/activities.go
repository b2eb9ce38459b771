package stipend

import (
	"context"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/providers/payouts"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

type UnitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

type StipendStore interface {
	OpenRun(ctx context.Context, id, period string, at time.Time) (string, error)
	CloseRun(ctx context.Context, runID string, at time.Time) error
	Get(ctx context.Context, id string) (domain.Stipend, error)
}

type FosterReader interface {
	GetCarer(ctx context.Context, id string) (domain.FosterCarer, error)
	AccruedForPeriod(ctx context.Context, from, to time.Time) ([]store.StipendLine, error)
}

type Ledger interface {
	Append(ctx context.Context, e domain.LedgerEntry) error
}

type PayoutClient interface {
	CreatePayout(ctx context.Context, idempotencyKey string, req payouts.PayoutRequest) (payouts.Payout, error)
}

// Activities holds the stipend run's side effects. Registered on the worker
// as a struct so each method becomes an activity.
type Activities struct {
	UoW      UnitOfWork
	Stipends StipendStore
	Fosters  FosterReader
	Ledger   Ledger
	Payouts  PayoutClient
	Currency string

	Now   func() time.Time
	NewID func() string
}

func NewActivities(uow *store.UnitOfWork, stipends *store.StipendRepo, fosters *store.FosterRepo, ledger *store.LedgerRepo, pay *payouts.Client) *Activities {
	return &Activities{
		UoW:      uow,
		Stipends: stipends,
		Fosters:  fosters,
		Ledger:   ledger,
		Payouts:  pay,
		Currency: "usd",
		Now:      func() time.Time { return time.Now().UTC() },
		NewID:    ids.New,
	}
}

// OpenRun returns the run ID for the period, creating the run if needed.
func (a *Activities) OpenRun(ctx context.Context, period string) (string, error) {
	return a.Stipends.OpenRun(ctx, a.NewID(), period, a.Now())
}

func periodBounds(period string) (time.Time, time.Time, error) {
	from, err := time.ParseInLocation("2006-01", period, time.UTC)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	return from, from.AddDate(0, 1, 0), nil
}

// GenerateStipends computes every active carer's stipend for the period and
// returns the IDs still to be paid.
func (a *Activities) GenerateStipends(ctx context.Context, runID, period string) ([]string, error) {
	from, to, err := periodBounds(period)
	if err != nil {
		return nil, err
	}
	lines, err := a.Fosters.AccruedForPeriod(ctx, from, to)
	if err != nil {
		return nil, fmt.Errorf("accrued stipends: %w", err)
	}
	activity.RecordHeartbeat(ctx, len(lines))

	batch := make([]domain.Stipend, 0, len(lines))
	for _, l := range lines {
		if l.AmountCents <= 0 {
			continue
		}
		batch = append(batch, domain.Stipend{
			ID:          a.NewID(),
			RunID:       runID,
			FosterID:    l.FosterID,
			Period:      period,
			AmountCents: l.AmountCents,
			Status:      "pending",
		})
	}

	var pending []string
	err = a.UoW.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Stipends.InsertBatch(ctx, batch); err != nil {
			return fmt.Errorf("insert stipends: %w", err)
		}
		var err error
		pending, err = r.Stipends.PendingIDs(ctx, runID)
		return err
	})
	return pending, err
}

// PayStipend pays one carer. Payrail deduplicates on the stipend ID, so a
// retried activity never pays twice.
func (a *Activities) PayStipend(ctx context.Context, stipendID string) error {
	st, err := a.Stipends.Get(ctx, stipendID)
	if err != nil {
		return err
	}
	if st.Status == "paid" {
		return nil
	}
	carer, err := a.Fosters.GetCarer(ctx, st.FosterID)
	if err != nil {
		return err
	}

	payout, err := a.Payouts.CreatePayout(ctx, ids.Join("stipend", st.ID), payouts.PayoutRequest{
		DestinationAccount: carer.PayoutAccount,
		AmountCents:        st.AmountCents,
		Currency:           a.Currency,
		Reference:          "Foster stipend " + st.Period,
		Memo:               "Brindlewood Shelters foster stipend",
	})
	if err != nil {
		return fmt.Errorf("payout: %w", err)
	}

	paidAt := a.Now()
	return a.UoW.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := a.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          a.NewID(),
			FosterID:    st.FosterID,
			StipendID:   &st.ID,
			EntryType:   "stipend_payout",
			AmountCents: st.AmountCents,
			CreatedAt:   paidAt,
		}); err != nil {
			return err
		}
		return r.Stipends.MarkPaid(ctx, st.ID, payout.ID, paidAt)
	})
}

// CloseRun stamps the run as finished.
func (a *Activities) CloseRun(ctx context.Context, runID string) error {
	return a.Stipends.CloseRun(ctx, runID, a.Now())
}
