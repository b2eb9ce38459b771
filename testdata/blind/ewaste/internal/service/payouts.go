package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/payouts"
)

type payoutStore interface {
	CreateForTradeIn(ctx context.Context, p *model.Payout) (*model.Payout, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*model.Payout, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (*model.Payout, error)
	ByTransfer(ctx context.Context, transferID string) (*model.Payout, error)
	Transition(ctx context.Context, id uuid.UUID, from []string, to string, extra map[string]any) (int64, error)
	BeginRetry(ctx context.Context, id uuid.UUID) (int64, error)
	CreateAttempt(ctx context.Context, a *model.PayoutAttempt) error
	Attempt(ctx context.Context, payoutID uuid.UUID, no int) (*model.PayoutAttempt, error)
	UpdateAttempt(ctx context.Context, id, status string, transferID, errMsg *string) error
}

type ledgerStore interface {
	Append(ctx context.Context, entries ...*model.LedgerEntry) error
}

type storeCreditStore interface {
	AddBalance(ctx context.Context, customerID uuid.UUID, cents int64, currency string) error
}

type webhookEventStore interface {
	Record(ctx context.Context, ev *model.WebhookEvent) (bool, error)
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, ev *model.WebhookEvent, at time.Time) error
}

// PayoutService moves money to customers: bank transfers through the
// payouts provider or store credit.
type PayoutService struct {
	tx        database.Transactor
	payouts   payoutStore
	tradeIns  tradeInStore
	customers customerStore
	ledger    ledgerStore
	credits   storeCreditStore
	events    webhookEventStore
	idem      idempotencyStore
	outbox    Outbox
	api       PayoutsAPI
	prices    *PriceBook

	newID         ids.UUIDFunc
	newAttemptKey ids.StringFunc
	newEntryID    ids.StringFunc
	now           Clock
}

type PayoutDeps struct {
	Tx          database.Transactor
	Payouts     payoutStore
	TradeIns    tradeInStore
	Customers   customerStore
	Ledger      ledgerStore
	Credits     storeCreditStore
	Events      webhookEventStore
	Idempotency idempotencyStore
	Outbox      Outbox
	API         PayoutsAPI
	Prices      *PriceBook
}

func NewPayoutService(d PayoutDeps) *PayoutService {
	return &PayoutService{
		tx: d.Tx, payouts: d.Payouts, tradeIns: d.TradeIns, customers: d.Customers,
		ledger: d.Ledger, credits: d.Credits, events: d.Events, idem: d.Idempotency,
		outbox: d.Outbox, api: d.API, prices: d.Prices,
		newID:         ids.NewUUID,
		newAttemptKey: ids.Prefixed("poa"),
		newEntryID:    ids.Prefixed("le"),
		now:           UTCNow,
	}
}

// CreateIntent records the payout owed for a trade-in together with its
// first submission attempt. Calling it again returns the stored payout.
func (s *PayoutService) CreateIntent(ctx context.Context, tradeInID uuid.UUID) (*model.Payout, error) {
	ti, err := s.tradeIns.Get(ctx, tradeInID)
	if err != nil {
		return nil, err
	}
	if ti.FinalOfferCents == nil {
		return nil, fmt.Errorf("%w: trade-in %s has no final offer", ErrConflict, tradeInID)
	}
	pm, err := s.customers.DefaultPayoutMethod(ctx, ti.CustomerID)
	if err != nil {
		if errors.Is(err, database.ErrNotFound) {
			return nil, fmt.Errorf("%w: customer has no bank account on file", ErrConflict)
		}
		return nil, err
	}
	var p *model.Payout
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.now()
		var created bool
		p, created, err = s.payouts.CreateForTradeIn(ctx, &model.Payout{
			ID:             s.newID(),
			TradeInID:      ti.ID,
			CustomerID:     ti.CustomerID,
			PayoutMethodID: pm.ID,
			AmountCents:    *ti.FinalOfferCents,
			Currency:       ti.Currency,
			Status:         model.PayoutPending,
			CurrentAttempt: 1,
			CreatedAt:      now,
			UpdatedAt:      now,
		})
		if err != nil || !created {
			return err
		}
		if err := s.payouts.CreateAttempt(ctx, &model.PayoutAttempt{
			ID:             xid.New().String(),
			PayoutID:       p.ID,
			AttemptNo:      1,
			IdempotencyKey: s.newAttemptKey(),
			Status:         model.AttemptCreated,
			RequestedBy:    "pipeline",
		}); err != nil {
			return err
		}
		_, err := s.tradeIns.Transition(ctx, ti.ID, []string{model.TradeInOfferFinal}, model.TradeInPayoutPending)
		return err
	})
	if err != nil {
		return nil, wrap("create payout intent", err)
	}
	return p, nil
}

// Submit sends the payout's current attempt to the provider. The attempt's
// stored idempotency key is sent with every try, so the provider returns the
// original transfer for a repeat.
func (s *PayoutService) Submit(ctx context.Context, payoutID uuid.UUID) (*model.Payout, error) {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return nil, err
	}
	switch p.Status {
	case model.PayoutSubmitted, model.PayoutPaid:
		return p, nil
	case model.PayoutPending:
	default:
		return nil, fmt.Errorf("%w: payout is %s", ErrConflict, p.Status)
	}
	attempt, err := s.payouts.Attempt(ctx, p.ID, p.CurrentAttempt)
	if err != nil {
		return nil, wrap("load attempt", err)
	}
	method, err := s.methodFor(ctx, p)
	if err != nil {
		return nil, err
	}

	tr, err := s.api.CreateTransfer(ctx, payouts.TransferInput{
		RecipientID: method.ProviderRecipientID,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Reference:   p.ID.String(),
		Description: "CircuitBack trade-in",
		Metadata:    map[string]string{"trade_in_id": p.TradeInID.String(), "attempt": attempt.ID},
	}, payouts.WithIdempotencyKey(attempt.IdempotencyKey))
	if err != nil {
		if !retry.IsRecoverable(err) {
			msg := err.Error()
			_ = s.tx.WithinTx(ctx, func(ctx context.Context) error {
				if err := s.payouts.UpdateAttempt(ctx, attempt.ID, model.AttemptRejected, nil, &msg); err != nil {
					return err
				}
				_, err := s.payouts.Transition(ctx, p.ID, []string{model.PayoutPending}, model.PayoutFailed,
					map[string]any{"failure_reason": msg})
				return err
			})
		}
		return nil, wrap("submit transfer", err)
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.payouts.UpdateAttempt(ctx, attempt.ID, model.AttemptSubmitted, &tr.ID, nil); err != nil {
			return err
		}
		_, err := s.payouts.Transition(ctx, p.ID, []string{model.PayoutPending}, model.PayoutSubmitted,
			map[string]any{"provider_transfer_id": tr.ID})
		return err
	})
	if err != nil {
		return nil, wrap("record transfer", err)
	}
	p.Status = model.PayoutSubmitted
	p.ProviderTransferID = &tr.ID
	return p, nil
}

func (s *PayoutService) methodFor(ctx context.Context, p *model.Payout) (*model.PayoutMethod, error) {
	pm, err := s.customers.DefaultPayoutMethod(ctx, p.CustomerID)
	if err != nil {
		return nil, wrap("payout method", err)
	}
	if pm.ID != p.PayoutMethodID {
		slog.WarnContext(ctx, "default payout method changed since intent", "payout_id", p.ID)
	}
	return pm, nil
}

// RetryFailed is the operator action for a failed or returned payout. The
// operator's Idempotency-Key is claimed together with the new attempt row,
// so a repeated request resubmits the same attempt rather than adding one.
func (s *PayoutService) RetryFailed(ctx context.Context, payoutID uuid.UUID, operator, idemKey string) (*model.Payout, error) {
	if idemKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalid)
	}
	scope := "payouts.retry:" + payoutID.String()
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		claimed, rec, err := s.idem.Claim(ctx, scope, idemKey, requestHash(payoutID))
		if err != nil {
			return err
		}
		if !claimed {
			slog.InfoContext(ctx, "payout retry replayed", "payout_id", payoutID, "attempt", deref(rec.ResourceID))
			return nil
		}
		n, err := s.payouts.BeginRetry(ctx, payoutID)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: only failed or returned payouts can be retried", ErrConflict)
		}
		p, err := s.payouts.GetForUpdate(ctx, payoutID)
		if err != nil {
			return err
		}
		attempt := &model.PayoutAttempt{
			ID:             xid.New().String(),
			PayoutID:       p.ID,
			AttemptNo:      p.CurrentAttempt,
			IdempotencyKey: s.newAttemptKey(),
			Status:         model.AttemptCreated,
			RequestedBy:    operator,
		}
		if err := s.payouts.CreateAttempt(ctx, attempt); err != nil {
			return err
		}
		return s.idem.Complete(ctx, scope, idemKey, attempt.ID, http.StatusAccepted)
	})
	if err != nil {
		return nil, wrap("retry payout", err)
	}
	return s.Submit(ctx, payoutID)
}

// ApplyProviderEvent applies a payouts webhook to the payout it concerns.
func (s *PayoutService) ApplyProviderEvent(ctx context.Context, ev payouts.Event, raw []byte) error {
	return s.tx.WithinTx(ctx, func(txCtx context.Context) error {
		seen, err := s.events.Seen(txCtx, payouts.Name, ev.ID)
		if err != nil {
			return err
		}
		if seen {
			slog.InfoContext(ctx, "duplicate payouts event", "event_id", ev.ID)
			return nil
		}
		now := s.now()
		if err := s.events.MarkProcessed(ctx, &model.WebhookEvent{
			ID: s.newID(), Provider: payouts.Name, EventID: ev.ID, EventType: ev.Type,
			Payload: model.JSON(raw), ReceivedAt: now,
		}, now); err != nil {
			return err
		}

		p, err := s.payouts.ByTransfer(txCtx, ev.Data.TransferID)
		if err != nil {
			return wrap("payout for transfer "+ev.Data.TransferID, err)
		}
		switch ev.Type {
		case "transfer.paid":
			n, err := s.payouts.Transition(txCtx, p.ID, []string{model.PayoutSubmitted}, model.PayoutPaid,
				map[string]any{"paid_at": ev.CreatedAt})
			if err != nil || n == 0 {
				return err
			}
			return s.outbox.Add(txCtx, newEvent(messaging.TopicEvents, messaging.TypePayoutSettled, p.TradeInID.String(),
				messaging.PayoutEvent{PayoutID: p.ID, TradeInID: p.TradeInID, AmountCents: p.AmountCents,
					Currency: p.Currency, Status: model.PayoutPaid}, now))
		case "transfer.failed", "transfer.returned":
			to := model.PayoutFailed
			if ev.Type == "transfer.returned" {
				to = model.PayoutReturned
			}
			n, err := s.payouts.Transition(txCtx, p.ID, []string{model.PayoutSubmitted, model.PayoutPaid}, to,
				map[string]any{"failure_reason": ev.Data.FailureReason})
			if err != nil || n == 0 {
				return err
			}
			return s.outbox.Add(txCtx, newEvent(messaging.TopicEvents, messaging.TypePayoutFailed, p.TradeInID.String(),
				messaging.PayoutEvent{PayoutID: p.ID, TradeInID: p.TradeInID, AmountCents: p.AmountCents,
					Currency: p.Currency, Status: to, Reason: ev.Data.FailureReason}, now))
		default:
			slog.DebugContext(ctx, "ignoring payouts event", "type", ev.Type)
			return nil
		}
	})
}

// RecordLedgerEntry books a submitted payout: cash leaves the payouts
// clearing account and the device enters inventory at its buy price.
func (s *PayoutService) RecordLedgerEntry(ctx context.Context, payoutID uuid.UUID) error {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	memo := fmt.Sprintf("trade-in payout %s", p.ID)
	entries := []*model.LedgerEntry{
		{
			ID:          s.newEntryID(),
			Account:     model.AccountPayoutsClearing,
			TradeInID:   &p.TradeInID,
			PayoutID:    &p.ID,
			Direction:   "credit",
			AmountCents: p.AmountCents,
			Currency:    p.Currency,
			Memo:        &memo,
		},
		{
			ID:          s.newEntryID(),
			Account:     model.AccountDeviceInventory,
			TradeInID:   &p.TradeInID,
			PayoutID:    &p.ID,
			Direction:   "debit",
			AmountCents: p.AmountCents,
			Currency:    p.Currency,
			Memo:        &memo,
		},
	}
	return wrap("record ledger", s.ledger.Append(ctx, entries...))
}

// CreditStoreBalance pays a trade-in out as store credit, with the bonus
// for choosing credit over a transfer.
func (s *PayoutService) CreditStoreBalance(ctx context.Context, tradeInID uuid.UUID) (int64, error) {
	ti, err := s.tradeIns.Get(ctx, tradeInID)
	if err != nil {
		return 0, err
	}
	if ti.Status == model.TradeInCredited {
		return deref(ti.FinalOfferCents), nil
	}
	if ti.FinalOfferCents == nil {
		return 0, fmt.Errorf("%w: trade-in %s has no final offer", ErrConflict, tradeInID)
	}
	amount := s.prices.StoreCreditBonus(*ti.FinalOfferCents)

	if err := s.credits.AddBalance(ctx, ti.CustomerID, amount, ti.Currency); err != nil {
		return 0, wrap("credit balance", err)
	}
	if _, err := s.tradeIns.Transition(ctx, ti.ID,
		[]string{model.TradeInOfferFinal, model.TradeInAwaitingCredit}, model.TradeInCredited); err != nil {
		return 0, wrap("mark credited", err)
	}
	return amount, nil
}

// Settle closes the trade-in once its payout has landed and asks the
// notifications service to tell the customer. Callers run it on the
// transaction that records the triggering message.
func (s *PayoutService) Settle(ctx context.Context, evt messaging.PayoutEvent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		n, err := s.tradeIns.Transition(ctx, evt.TradeInID, []string{model.TradeInPayoutPending}, model.TradeInPaid)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		ti, err := s.tradeIns.Get(ctx, evt.TradeInID)
		if err != nil {
			return err
		}
		return s.outbox.Add(ctx, newEvent(messaging.TopicNotifications, messaging.TypeCustomerNotify, ti.CustomerID.String(),
			messaging.CustomerNotify{
				CustomerID: ti.CustomerID,
				Template:   "payout_paid",
				Vars: map[string]string{
					"amount":      formatCents(evt.AmountCents, evt.Currency),
					"trade_in_id": ti.ID.String(),
				},
			}, s.now()))
	})
}

func formatCents(c int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", currency, c/100, c%100)
}
