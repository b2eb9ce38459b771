package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
	"github.com/harvestloop/farmshare/internal/providers/bankxfer"
)

// ErrInsufficientBalance is returned when a farmer asks for more than is owed.
var ErrInsufficientBalance = httpx.NewError(http.StatusConflict, "insufficient_balance", "amount exceeds the balance owed")

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// EventWriter appends a domain event to the outbox on q.
type EventWriter interface {
	Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error
}

// Bank submits transfers to the partner.
type Bank interface {
	CreateTransfer(ctx context.Context, req bankxfer.TransferRequest) (*bankxfer.Transfer, error)
}

// Service runs farmer payouts.
type Service struct {
	db     *sqlx.DB
	tx     TxRunner
	store  *Store
	bank   Bank
	events EventWriter
	log    *slog.Logger
	now    func() time.Time
}

// NewService wires a Service.
func NewService(db *sqlx.DB, tx TxRunner, store *Store, bank Bank, ev EventWriter, log *slog.Logger, now func() time.Time) *Service {
	return &Service{db: db, tx: tx, store: store, bank: bank, events: ev, log: log, now: now}
}

// RunScheduled pays every farmer for last week's accepted harvests.
func (s *Service) RunScheduled(ctx context.Context) error {
	to := httpx.WeekStart(s.now())
	from := to.AddDate(0, 0, -7)
	lines, err := s.store.Payable(ctx, s.db, from, to)
	if err != nil {
		return fmt.Errorf("payable harvests: %w", err)
	}
	byFarmer := map[string][]PayableLine{}
	var order []string
	for _, l := range lines {
		if _, ok := byFarmer[l.FarmerID]; !ok {
			order = append(order, l.FarmerID)
		}
		byFarmer[l.FarmerID] = append(byFarmer[l.FarmerID], l)
	}

	for _, farmerID := range order {
		if err := s.claimPeriod(ctx, farmerID, from, to, byFarmer[farmerID]); err != nil {
			s.log.Error("claim scheduled payout", "farmer", farmerID, "err", err)
		}
	}

	pending, err := s.store.PendingScheduled(ctx, s.db, from)
	if err != nil {
		return fmt.Errorf("pending payouts: %w", err)
	}
	for i := range pending {
		if err := s.submit(ctx, &pending[i], "Harvest Loop w/c "+from.Format("02 Jan")); err != nil {
			s.log.Error("submit scheduled payout", "payout", pending[i].ID, "err", err)
		}
	}
	return nil
}

// claimPeriod creates the farmer's payout for the period and attaches the
// harvests it pays for.
func (s *Service) claimPeriod(ctx context.Context, farmerID string, from, to time.Time, lines []PayableLine) error {
	var total int64
	for _, l := range lines {
		total += l.AmountCents
	}
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		p, isNew, err := s.store.ClaimScheduled(ctx, tx, &Payout{
			ID: ids.New(), FarmerID: farmerID, PeriodStart: &from, PeriodEnd: &to, AmountCents: total,
		})
		if err != nil || !isNew {
			return err
		}
		return s.store.AttachLines(ctx, tx, p.ID, lines)
	})
}

// submit sends a pending scheduled payout to the bank partner.
func (s *Service) submit(ctx context.Context, p *Payout, reference string) error {
	farmer, err := s.store.Farmer(ctx, s.db, p.FarmerID)
	if err != nil {
		return err
	}
	if farmer.BankBeneficiaryID == nil {
		return fmt.Errorf("farmer %s has no bank beneficiary", p.FarmerID)
	}
	t, err := s.bank.CreateTransfer(ctx, bankxfer.TransferRequest{
		BeneficiaryID:   *farmer.BankBeneficiaryID,
		AmountCents:     p.AmountCents,
		Reference:       reference,
		ClientReference: p.ID,
	})
	if err != nil {
		return fmt.Errorf("create transfer: %w", err)
	}
	return s.store.MarkSubmitted(ctx, s.db, p.ID, t.ID)
}

// Instant pays out part of a farmer's accrued balance now. The request key
// identifies the farmer's request.
func (s *Service) Instant(ctx context.Context, farmerID, requestKey string, req InstantRequest) (*Payout, error) {
	farmer, err := s.store.Farmer(ctx, s.db, farmerID)
	if err != nil {
		return nil, err
	}
	if farmer.BankBeneficiaryID == nil {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "no_bank_details", "add bank details before requesting a payout")
	}

	var p *Payout
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		claimed, isNew, err := s.store.ClaimInstant(ctx, tx, &Payout{
			ID: ids.New(), FarmerID: farmerID, RequestKey: &requestKey, AmountCents: req.AmountCents,
		})
		if err != nil {
			return err
		}
		p = claimed
		if !isNew {
			return nil
		}
		return s.store.DebitFarmer(ctx, tx, farmerID, req.AmountCents, "instant_payout", p.ID)
	})
	if err != nil {
		return nil, err
	}
	if p.Status != StatusPending {
		return p, nil
	}

	t, err := s.bank.CreateTransfer(ctx, bankxfer.TransferRequest{
		BeneficiaryID: *farmer.BankBeneficiaryID,
		AmountCents:   p.AmountCents,
		Reference:     "Harvest Loop instant payout",
		Speed:         "instant",
	})
	if err != nil {
		return nil, fmt.Errorf("create transfer: %w", err)
	}
	if err := s.store.MarkSubmitted(ctx, s.db, p.ID, t.ID); err != nil {
		return nil, err
	}
	p.Status, p.BankTransferID = StatusSubmitted, &t.ID
	return p, nil
}

// NotificationSeen records partner notifications.
type NotificationSeen interface {
	Seen(ctx context.Context, id string) (bool, error)
	Remember(ctx context.Context, id, typ string) error
}

// ApplyNotification applies a partner status notification.
func (s *Service) ApplyNotification(ctx context.Context, seen NotificationSeen, n bankxfer.Notification) error {
	done, err := seen.Seen(ctx, n.NotificationID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		switch n.Status {
		case bankxfer.TransferSettled:
			p, err := s.store.SetStatusByTransfer(ctx, tx, n.TransferID, StatusSettled)
			if err != nil {
				return err
			}
			return s.events.Enqueue(ctx, tx, events.TopicPayoutPaid, p.ID, events.PayoutPaid{
				PayoutID: p.ID, FarmerID: p.FarmerID, AmountCents: p.AmountCents,
			})
		case bankxfer.TransferReturned, bankxfer.TransferFailed:
			p, err := s.store.SetStatusByTransfer(ctx, tx, n.TransferID, StatusReturned)
			if err != nil {
				return err
			}
			return s.store.CreditFarmer(ctx, tx, p.FarmerID, p.AmountCents, "payout_returned", p.ID)
		default:
			s.log.Info("ignoring bank notification", "type", n.Type, "status", n.Status)
			return nil
		}
	})
	if errors.Is(err, database.ErrNotFound) {
		s.log.Warn("bank notification for unknown transfer", "transfer", n.TransferID)
		err = nil
	}
	if err != nil {
		return err
	}
	return seen.Remember(ctx, n.NotificationID, n.Type)
}
