// Package payouts moves money to artists: Connect transfers from the
// platform balance to an artist's Stripe account, and payouts from that
// account to the artist's bank.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/clock"
	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/platform/retry"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/provider/mailer"
	"github.com/soundledger/royalties/internal/provider/stripex"
	"github.com/soundledger/royalties/internal/service/notify"
	"github.com/soundledger/royalties/internal/store"
)

// ManualRequest is a finance-initiated transfer outside the statement
// cycle (advances on royalties, corrections).
type ManualRequest struct {
	ArtistID    string `json:"artist_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Reason      string `json:"reason"`
	RequestedBy string `json:"-"`
}

// Service pays artists.
type Service interface {
	ExecuteStatementTransfer(ctx context.Context, statementID string) (domain.Payout, error)
	ExecuteBankPayout(ctx context.Context, transferPayoutID string) (domain.Payout, error)
	ManualTransfer(ctx context.Context, req ManualRequest) (domain.Payout, error)
	RetryBankPayout(ctx context.Context, payoutID, actor string) (domain.Payout, error)
	Cancel(ctx context.Context, payoutID, actor string) (domain.Payout, error)
	SendPayoutNotice(ctx context.Context, payoutID string, opts ...mailer.SendOption) error
	Get(ctx context.Context, payoutID string) (domain.Payout, error)
}

// Deps are the collaborators of the payout service.
type Deps struct {
	Tx         txm.Manager
	Artists    store.Artists
	Statements store.Statements
	Payouts    store.Payouts
	Ledger     store.Ledger
	Stripe     stripex.Connect
	Notifier   notify.Notifier
	Clock      clock.Clock
}

type service struct {
	d Deps
}

// New returns the payout Service.
func New(d Deps) Service {
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	return &service{d: d}
}

var errNoConnectAccount = errors.New("artist has no connected account")

// ExecuteStatementTransfer implements Service. The payout row is the
// durable intent: it is created (once per statement) and committed with
// the ledger debit before Stripe is called, and its ID is the transfer's
// idempotency key.
func (s *service) ExecuteStatementTransfer(ctx context.Context, statementID string) (domain.Payout, error) {
	stmt, err := s.d.Statements.Get(ctx, statementID)
	if err != nil {
		return domain.Payout{}, err
	}
	if stmt.Status != domain.StatementApproved {
		logging.FromContext(ctx).Info("statement not payable", slog.String("statement_id", stmt.ID), slog.String("status", stmt.Status))
		return domain.Payout{}, nil
	}
	artist, err := s.d.Artists.Get(ctx, stmt.ArtistID)
	if err != nil {
		return domain.Payout{}, err
	}
	if artist.StripeAccountID == "" {
		return domain.Payout{}, fmt.Errorf("statement %s: %w", stmt.ID, errNoConnectAccount)
	}

	var p domain.Payout
	err = s.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		candidate := domain.Payout{
			ID:          ids.NewULID(),
			ArtistID:    artist.ID,
			StatementID: stmt.ID,
			Method:      domain.PayoutMethodTransfer,
			AmountCents: stmt.NetCents,
			Currency:    stmt.Currency,
			RequestedBy: "statement_run",
		}
		p, err = s.d.Payouts.EnsureStatementTransfer(ctx, candidate)
		if err != nil {
			return err
		}
		if p.ID != candidate.ID {
			return nil
		}
		return s.d.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewULID(),
			ArtistID:    artist.ID,
			EntryType:   domain.EntryPayoutDebit,
			AmountCents: -p.AmountCents,
			Currency:    p.Currency,
			RefType:     "payout",
			RefID:       p.ID,
		})
	})
	if err != nil {
		return domain.Payout{}, fmt.Errorf("record payout intent: %w", err)
	}
	if p.Status != domain.PayoutPending || p.StripeTransferID != "" {
		return p, nil
	}

	tr, err := retry.Do(ctx, func(ctx context.Context) (stripex.Transfer, error) {
		return s.d.Stripe.CreateTransfer(ctx, stripex.TransferRequest{
			AmountCents:   p.AmountCents,
			Currency:      p.Currency,
			Destination:   artist.StripeAccountID,
			TransferGroup: "statement_" + stmt.ID,
			Description:   fmt.Sprintf("Royalties %s", stmt.Period),
			Metadata:      map[string]string{"payout_id": p.ID, "statement_id": stmt.ID},
		}, stripex.WithIdempotencyKey("payout-transfer:"+p.ID))
	}, retry.If(stripex.IsRetryable), retry.OnRetry(s.logRetry(ctx, p.ID)))
	s.recordAttempt(ctx, p.ID, err)
	if err != nil {
		return p, fmt.Errorf("create transfer for payout %s: %w", p.ID, err)
	}
	if err := s.d.Payouts.SetStripeTransfer(ctx, p.ID, tr.ID); err != nil {
		return p, err
	}
	p.StripeTransferID, p.Status = tr.ID, domain.PayoutSubmitted
	return p, nil
}

// ExecuteBankPayout implements Service.
func (s *service) ExecuteBankPayout(ctx context.Context, transferPayoutID string) (domain.Payout, error) {
	parent, err := s.d.Payouts.Get(ctx, transferPayoutID)
	if err != nil {
		return domain.Payout{}, err
	}
	if parent.Method != domain.PayoutMethodTransfer || parent.Status != domain.PayoutPaid {
		return domain.Payout{}, domain.Conflict("payout %s is not a settled transfer", parent.ID)
	}
	artist, err := s.d.Artists.Get(ctx, parent.ArtistID)
	if err != nil {
		return domain.Payout{}, err
	}
	if artist.PayoutSchedule == "manual" {
		return domain.Payout{}, nil
	}

	bank, err := s.d.Payouts.EnsureBankPayout(ctx, domain.Payout{
		ID:             ids.NewULID(),
		ArtistID:       artist.ID,
		ParentPayoutID: parent.ID,
		Method:         domain.PayoutMethodBank,
		AmountCents:    parent.AmountCents,
		Currency:       parent.Currency,
		RequestedBy:    "auto_payout",
	})
	if err != nil {
		return domain.Payout{}, err
	}
	if bank.Status != domain.PayoutPending || bank.StripePayoutID != "" {
		return bank, nil
	}

	po, err := retry.Do(ctx, func(ctx context.Context) (stripex.Payout, error) {
		return s.d.Stripe.CreatePayout(ctx, stripex.PayoutRequest{
			Account:     artist.StripeAccountID,
			AmountCents: bank.AmountCents,
			Currency:    bank.Currency,
			Description: "Royalty payout",
			Metadata:    map[string]string{"payout_id": bank.ID},
		})
	}, retry.If(stripex.IsRetryable), retry.OnRetry(s.logRetry(ctx, bank.ID)))
	s.recordAttempt(ctx, bank.ID, err)
	if err != nil {
		return bank, fmt.Errorf("create bank payout %s: %w", bank.ID, err)
	}
	if err := s.d.Payouts.SetStripePayout(ctx, bank.ID, po.ID); err != nil {
		return bank, err
	}
	bank.StripePayoutID, bank.Status = po.ID, domain.PayoutSubmitted
	return bank, nil
}

// ManualTransfer implements Service.
func (s *service) ManualTransfer(ctx context.Context, req ManualRequest) (domain.Payout, error) {
	if req.AmountCents <= 0 {
		return domain.Payout{}, domain.Invalid("amount_cents must be positive")
	}
	artist, err := s.d.Artists.Get(ctx, req.ArtistID)
	if err != nil {
		return domain.Payout{}, err
	}
	if artist.StripeAccountID == "" {
		return domain.Payout{}, domain.Invalid("artist %s has not finished onboarding", artist.ID)
	}
	currency := strings.ToLower(req.Currency)
	if currency == "" {
		currency = artist.PayoutCurrency
	}
	balance, err := s.d.Ledger.Balance(ctx, artist.ID, currency)
	if err != nil {
		return domain.Payout{}, err
	}
	if balance < req.AmountCents {
		return domain.Payout{}, fmt.Errorf("%w: balance %d, requested %d", domain.ErrInsufficientBalance, balance, req.AmountCents)
	}

	tr, err := s.d.Stripe.CreateTransfer(ctx, stripex.TransferRequest{
		AmountCents: req.AmountCents,
		Currency:    currency,
		Destination: artist.StripeAccountID,
		Description: "Manual payout: " + req.Reason,
		Metadata:    map[string]string{"artist_id": artist.ID, "requested_by": req.RequestedBy},
	})
	if err != nil {
		return domain.Payout{}, fmt.Errorf("create manual transfer: %w", err)
	}

	p := domain.Payout{
		ID:               ids.NewULID(),
		ArtistID:         artist.ID,
		Method:           domain.PayoutMethodTransfer,
		AmountCents:      req.AmountCents,
		Currency:         currency,
		StripeTransferID: tr.ID,
		Status:           domain.PayoutSubmitted,
		RequestedBy:      req.RequestedBy,
	}
	err = s.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.d.Payouts.Insert(ctx, p); err != nil {
			return err
		}
		return s.d.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewULID(),
			ArtistID:    artist.ID,
			EntryType:   domain.EntryPayoutDebit,
			AmountCents: -p.AmountCents,
			Currency:    currency,
			RefType:     "payout",
			RefID:       p.ID,
			Memo:        req.Reason,
		})
	})
	if err != nil {
		return domain.Payout{}, fmt.Errorf("record manual payout (transfer %s): %w", tr.ID, err)
	}
	return p, nil
}

// RetryBankPayout implements Service.
func (s *service) RetryBankPayout(ctx context.Context, payoutID, actor string) (domain.Payout, error) {
	p, err := s.d.Payouts.Get(ctx, payoutID)
	if err != nil {
		return domain.Payout{}, err
	}
	if p.Method != domain.PayoutMethodBank || p.Status != domain.PayoutFailed {
		return p, domain.Conflict("payout %s is %s %s; only failed bank payouts can be retried", p.ID, p.Status, p.Method)
	}
	artist, err := s.d.Artists.Get(ctx, p.ArtistID)
	if err != nil {
		return domain.Payout{}, err
	}

	key := fmt.Sprintf("payout-retry:%s:%d", p.ID, s.d.Clock.Now().UnixMilli())
	po, err := s.d.Stripe.CreatePayout(ctx, stripex.PayoutRequest{
		Account:     artist.StripeAccountID,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Description: "Royalty payout (retry)",
		Metadata:    map[string]string{"payout_id": p.ID, "retried_by": actor},
	}, stripex.WithIdempotencyKey(key))
	s.recordAttempt(ctx, p.ID, err)
	if err != nil {
		return p, fmt.Errorf("retry payout %s: %w", p.ID, err)
	}
	if err := s.d.Payouts.SetStripePayout(ctx, p.ID, po.ID); err != nil {
		return p, err
	}
	p.StripePayoutID, p.Status, p.FailureCode = po.ID, domain.PayoutSubmitted, ""
	return p, nil
}

// Cancel implements Service. Only payouts that never reached Stripe can be
// canceled; the status change and the ledger return commit together.
func (s *service) Cancel(ctx context.Context, payoutID, actor string) (domain.Payout, error) {
	var p domain.Payout
	err := s.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		p, err = s.d.Payouts.Get(ctx, payoutID)
		if err != nil {
			return err
		}
		if p.Status == domain.PayoutCanceled {
			return nil
		}
		if p.StripeTransferID != "" || p.StripePayoutID != "" {
			return domain.Conflict("payout %s was already submitted", p.ID)
		}
		moved, err := s.d.Payouts.Transition(ctx, p.ID, []string{domain.PayoutPending}, domain.PayoutCanceled, "")
		if err != nil {
			return err
		}
		if !moved {
			return domain.Conflict("payout %s is %s", p.ID, p.Status)
		}
		p.Status = domain.PayoutCanceled
		if p.Method != domain.PayoutMethodTransfer {
			return nil
		}
		return s.d.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewULID(),
			ArtistID:    p.ArtistID,
			EntryType:   domain.EntryPayoutReturn,
			AmountCents: p.AmountCents,
			Currency:    p.Currency,
			RefType:     "payout",
			RefID:       p.ID,
			Memo:        "canceled by " + actor,
		})
	})
	return p, err
}

// SendPayoutNotice implements Service.
func (s *service) SendPayoutNotice(ctx context.Context, payoutID string, opts ...mailer.SendOption) error {
	p, err := s.d.Payouts.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	artist, err := s.d.Artists.Get(ctx, p.ArtistID)
	if err != nil {
		return err
	}
	_, err = s.d.Notifier.PayoutSent(ctx, artist, p, opts...)
	return err
}

// Get implements Service.
func (s *service) Get(ctx context.Context, payoutID string) (domain.Payout, error) {
	return s.d.Payouts.Get(ctx, payoutID)
}

func (s *service) logRetry(ctx context.Context, payoutID string) func(int, error, time.Duration) {
	log := logging.FromContext(ctx)
	return func(attempt int, err error, wait time.Duration) {
		log.Warn("stripe call failed, retrying",
			slog.String("payout_id", payoutID), slog.Int("attempt", attempt),
			slog.Duration("wait", wait), slog.Any("err", err))
	}
}

// recordAttempt appends to the payout's attempt log. The log is for
// support and never read by the payout logic, so a failure is only logged.
func (s *service) recordAttempt(ctx context.Context, payoutID string, callErr error) {
	a := domain.PayoutAttempt{ID: ids.NewULID(), PayoutID: payoutID, Outcome: "ok"}
	if callErr != nil {
		a.Outcome, a.Detail = "error", callErr.Error()
	}
	if err := s.d.Payouts.RecordAttempt(ctx, a); err != nil {
		logging.FromContext(ctx).Warn("record payout attempt", slog.String("payout_id", payoutID), slog.Any("err", err))
	}
}
