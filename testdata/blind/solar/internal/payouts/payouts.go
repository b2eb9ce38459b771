// Package payouts pays subcontracted installers their share of milestone
// revenue through Stripe Connect transfers.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/clients/payments"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/httpx"
	"github.com/sunrail/installs/internal/platform/ids"
)

// Payout statuses.
const (
	StatusPending = "pending"
	StatusPaid    = "paid"
	StatusFailed  = "failed"
)

// Installer is a subcontracted installation company.
type Installer struct {
	ID              uuid.UUID
	LegalName       string
	StripeAccountID string
	RevenueShareBps int64
}

// Payout is a transfer to an installer.
type Payout struct {
	ID          uuid.UUID `json:"id"`
	InstallerID uuid.UUID `json:"installer_id"`
	Period      string    `json:"period,omitempty"`
	JobID       uuid.UUID `json:"job_id,omitempty"`
	AmountCents int64     `json:"amount_cents"`
	Status      string    `json:"status"`
	TransferID  string    `json:"transfer_id,omitempty"`
}

// Transferer moves money to connected accounts.
type Transferer interface {
	Transfer(ctx context.Context, req payments.TransferRequest) (*payments.Transfer, error)
}

// Balances credits and debits installer balances.
type Balances interface {
	Credit(ctx context.Context, installerID uuid.UUID, cents int64) error
}

// Service implements payout use cases.
type Service struct {
	repo     *Repository
	balances Balances
	stripe   Transferer
	tx       database.TxManager
	now      func() time.Time
}

// NewService builds a Service.
func NewService(repo *Repository, balances Balances, tr Transferer, tx database.TxManager) *Service {
	return &Service{repo: repo, balances: balances, stripe: tr, tx: tx, now: time.Now}
}

// Period returns the payout period label for t (ISO week).
func Period(t time.Time) string {
	y, w := t.ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w)
}

// Accrue credits the installer's share of a paid invoice.
func (s *Service) Accrue(ctx context.Context, evt events.InvoicePaid) error {
	done, err := s.repo.AccrualExists(ctx, evt.InvoiceID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	inst, err := s.repo.InstallerForProject(ctx, evt.ProjectID)
	if errors.Is(err, database.ErrNotFound) {
		slog.WarnContext(ctx, "paid invoice on project without installer", "project_id", evt.ProjectID)
		return nil
	}
	if err != nil {
		return err
	}
	share := evt.AmountCents * inst.RevenueShareBps / 10_000

	if err := s.balances.Credit(ctx, inst.ID, share); err != nil {
		return fmt.Errorf("credit installer %s: %w", inst.ID, err)
	}
	return s.repo.InsertAccrual(ctx, evt.InvoiceID, inst.ID, share, Period(s.now()))
}

// InstantInput requests an early payout for a completed job.
type InstantInput struct {
	JobID uuid.UUID `json:"job_id"`
}

// Instant pays an installer for one completed job ahead of the weekly run.
func (s *Service) Instant(ctx context.Context, installerID uuid.UUID, in InstantInput) (Payout, error) {
	inst, err := s.repo.Installer(ctx, installerID)
	if err != nil {
		return Payout{}, err
	}
	amount, err := s.repo.JobValue(ctx, in.JobID, installerID)
	if err != nil {
		return Payout{}, err
	}
	if amount <= 0 {
		return Payout{}, errors.Join(httpx.ErrConflict, errors.New("job is not complete or has no value"))
	}
	p, err := s.repo.EnsureInstant(ctx, Payout{
		ID:          uuid.New(),
		InstallerID: installerID,
		JobID:       in.JobID,
		AmountCents: amount * inst.RevenueShareBps / 10_000,
		Status:      StatusPending,
	})
	if err != nil {
		return Payout{}, err
	}
	if p.Status == StatusPaid {
		return p, nil
	}

	tr, err := s.stripe.Transfer(ctx, payments.TransferRequest{
		AmountCents:        p.AmountCents,
		DestinationAccount: inst.StripeAccountID,
		TransferGroup:      "job-" + in.JobID.String(),
		Description:        "Instant payout for install job",
		Metadata:           map[string]string{"instant_payout_id": p.ID.String()},
		IdempotencyKey:     ids.OperationKey("instant-payout"),
	})
	if err != nil {
		return p, fmt.Errorf("transfer: %w", err)
	}
	p.Status, p.TransferID = StatusPaid, tr.ID
	return p, s.repo.MarkInstantPaid(ctx, p.ID, tr.ID)
}

// RunPeriod pays every installer their pending balance for period.
func (s *Service) RunPeriod(ctx context.Context, period string) (paid int, err error) {
	balances, err := s.repo.PendingBalances(ctx)
	if err != nil {
		return 0, err
	}
	for _, b := range balances {
		var p Payout
		err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			var created bool
			var err error
			p, created, err = s.repo.CreatePeriodPayout(ctx, Payout{
				ID:          uuid.New(),
				InstallerID: b.InstallerID,
				Period:      period,
				AmountCents: b.PendingCents,
				Status:      StatusPending,
			})
			if err != nil || !created {
				return err
			}
			return s.repo.DebitBalance(ctx, b.InstallerID, p.AmountCents)
		})
		if err != nil {
			return paid, err
		}
		if p.Status != StatusPending {
			continue
		}
		tr, err := s.stripe.Transfer(ctx, payments.TransferRequest{
			AmountCents:        p.AmountCents,
			DestinationAccount: b.StripeAccountID,
			TransferGroup:      "payout-" + period,
			Description:        "Weekly installer payout " + period,
			Metadata:           map[string]string{"payout_id": p.ID.String()},
			IdempotencyKey:     "payout-" + p.ID.String(),
		})
		if err != nil {
			slog.ErrorContext(ctx, "payout transfer failed", "installer_id", b.InstallerID, "err", err)
			continue
		}
		if err := s.repo.MarkPeriodPaid(ctx, p.ID, tr.ID); err != nil {
			return paid, err
		}
		paid++
	}
	return paid, nil
}
