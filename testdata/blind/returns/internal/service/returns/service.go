// Package returns implements the customer- and merchant-facing return
// lifecycle: opening, amending, approving and cancelling returns.
package returns

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/jobs"
	"github.com/northwind-retail/rma/internal/platform/ids"
	"github.com/northwind-retail/rma/internal/platform/tx"
	"github.com/northwind-retail/rma/internal/repo"
	"github.com/northwind-retail/rma/internal/service/webhooks"
)

// Publisher records merchant events in the caller's transaction.
type Publisher interface {
	PublishTx(ctx context.Context, t pgx.Tx, ev webhooks.Event) error
}

// Notifier sends customer email.
type Notifier interface {
	ReturnApproved(ctx context.Context, r domain.Return) error
	LabelReminder(ctx context.Context, r domain.Return, labelURL string) error
}

type Service struct {
	pool      *pgxpool.Pool
	returns   repo.Returns
	items     repo.Items
	idem      repo.Idempotency
	exchanges repo.Exchanges
	labels    repo.Labels
	jobs      jobs.Enqueuer
	events    Publisher
	notify    Notifier
	log       *slog.Logger
	window    time.Duration
	now       func() time.Time
}

type Deps struct {
	Pool      *pgxpool.Pool
	Returns   repo.Returns
	Items     repo.Items
	Idem      repo.Idempotency
	Exchanges repo.Exchanges
	Labels    repo.Labels
	Jobs      jobs.Enqueuer
	Events    Publisher
	Notify    Notifier
	Log       *slog.Logger
	Window    time.Duration
}

func New(d Deps) *Service {
	return &Service{
		pool: d.Pool, returns: d.Returns, items: d.Items, idem: d.Idem, exchanges: d.Exchanges,
		labels: d.Labels, jobs: d.Jobs, events: d.Events, notify: d.Notify, log: d.Log,
		window: d.Window, now: time.Now,
	}
}

type OpenItem struct {
	OrderLineID    string `json:"order_line_id"`
	SKU            string `json:"sku"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int64  `json:"unit_price_cents"`
	Reason         string `json:"reason"`
}

type OpenRequest struct {
	MerchantID       string              `json:"merchant_id"`
	OrderID          string              `json:"order_id"`
	CustomerID       string              `json:"customer_id"`
	CustomerEmail    string              `json:"customer_email"`
	StripeCustomerID string              `json:"stripe_customer_id"`
	PaymentIntentID  string              `json:"payment_intent_id"`
	Currency         string              `json:"currency"`
	RefundMethod     domain.RefundMethod `json:"refund_method"`
	Reason           string              `json:"reason"`
	Items            []OpenItem          `json:"items"`
}

func (r OpenRequest) validate() error {
	switch {
	case r.MerchantID == "", r.OrderID == "", r.CustomerID == "", r.CustomerEmail == "":
		return fmt.Errorf("%w: merchant_id, order_id, customer_id and customer_email are required", domain.ErrValidation)
	case len(r.Items) == 0:
		return fmt.Errorf("%w: at least one item is required", domain.ErrValidation)
	case r.RefundMethod != "" && !r.RefundMethod.Valid():
		return fmt.Errorf("%w: unknown refund_method %q", domain.ErrValidation, r.RefundMethod)
	}
	for _, it := range r.Items {
		if it.OrderLineID == "" || it.Quantity <= 0 {
			return fmt.Errorf("%w: items need order_line_id and a positive quantity", domain.ErrValidation)
		}
	}
	return nil
}

func hashRequest(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Open creates a return. idemKey is the caller's Idempotency-Key; it is
// claimed in the same transaction that creates the return, so a replay
// returns the original return and never creates a second one.
func (s *Service) Open(ctx context.Context, idemKey string, req OpenRequest) (domain.Return, bool, error) {
	if err := req.validate(); err != nil {
		return domain.Return{}, false, err
	}
	if req.RefundMethod == "" {
		req.RefundMethod = domain.RefundOriginalPayment
	}
	if req.Currency == "" {
		req.Currency = "usd"
	}
	scope := "returns.open:" + req.MerchantID
	hash := hashRequest(req)

	type result struct {
		ret    domain.Return
		replay bool
	}
	res, err := tx.Do(ctx, s.pool, func(t pgx.Tx) (result, error) {
		rec, claimed, err := s.idem.Claim(ctx, t, scope, idemKey, hash)
		if err != nil {
			return result{}, err
		}
		if !claimed {
			if rec.RequestHash != hash {
				return result{}, domain.ErrKeyMismatch
			}
			if !rec.Completed {
				return result{}, domain.ErrKeyInProgress
			}
			existing, err := s.returns.Get(ctx, t, rec.ResourceID)
			return result{ret: existing, replay: true}, err
		}

		now := s.now().UTC()
		ret := domain.Return{
			ID:               ids.New("ret"),
			MerchantID:       req.MerchantID,
			OrderID:          req.OrderID,
			CustomerID:       req.CustomerID,
			CustomerEmail:    req.CustomerEmail,
			StripeCustomerID: req.StripeCustomerID,
			PaymentIntentID:  req.PaymentIntentID,
			Currency:         req.Currency,
			Status:           domain.StatusRequested,
			RefundMethod:     req.RefundMethod,
			Reason:           req.Reason,
			ExpiresAt:        now.Add(s.window),
			CreatedAt:        now,
		}
		if err := s.returns.Insert(ctx, t, ret); err != nil {
			return result{}, err
		}
		for _, it := range req.Items {
			item := domain.ReturnItem{
				ID: ids.New("itm"), ReturnID: ret.ID, OrderLineID: it.OrderLineID, SKU: it.SKU,
				Quantity: it.Quantity, UnitPriceCents: it.UnitPriceCents, Reason: it.Reason,
			}
			if err := s.items.Insert(ctx, t, item); err != nil {
				return result{}, err
			}
			ret.Items = append(ret.Items, item)
		}
		if err := s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "return.created", ret.ID),
			MerchantID: ret.MerchantID,
			Type:       "return.created",
			Data:       map[string]any{"return_id": ret.ID, "order_id": ret.OrderID, "status": ret.Status},
		}); err != nil {
			return result{}, err
		}
		if err := s.idem.Complete(ctx, t, scope, idemKey, ret.ID, 201, nil); err != nil {
			return result{}, err
		}
		return result{ret: ret}, nil
	})
	return res.ret, res.replay, err
}

type AddItemRequest struct {
	OrderLineID    string `json:"order_line_id"`
	SKU            string `json:"sku"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int64  `json:"unit_price_cents"`
	Reason         string `json:"reason"`
}

// AddItem adds another order line to a return that has not shipped yet.
func (s *Service) AddItem(ctx context.Context, returnID string, req AddItemRequest) (domain.ReturnItem, error) {
	if req.OrderLineID == "" || req.Quantity <= 0 {
		return domain.ReturnItem{}, fmt.Errorf("%w: order_line_id and quantity are required", domain.ErrValidation)
	}
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return domain.ReturnItem{}, err
	}
	if ret.Status != domain.StatusRequested && ret.Status != domain.StatusApproved {
		return domain.ReturnItem{}, fmt.Errorf("%w: items can only be added before a label is issued", domain.ErrInvalidState)
	}
	item := domain.ReturnItem{
		ID:             ids.New("itm"),
		ReturnID:       ret.ID,
		OrderLineID:    req.OrderLineID,
		SKU:            req.SKU,
		Quantity:       req.Quantity,
		UnitPriceCents: req.UnitPriceCents,
		Reason:         req.Reason,
	}
	if err := s.items.Insert(ctx, s.pool, item); err != nil {
		return domain.ReturnItem{}, err
	}
	return item, nil
}

// Cancel cancels an open return. Cancelling an already cancelled return
// returns it unchanged.
func (s *Service) Cancel(ctx context.Context, returnID, reason string) (domain.Return, error) {
	return tx.Do(ctx, s.pool, func(t pgx.Tx) (domain.Return, error) {
		ret, err := s.returns.GetForUpdate(ctx, t, returnID)
		if err != nil {
			return ret, err
		}
		if ret.Status == domain.StatusCancelled {
			return ret, nil
		}
		if !ret.Status.Open() {
			return ret, fmt.Errorf("%w: return is %s", domain.ErrInvalidState, ret.Status)
		}
		if _, err := s.returns.Transition(ctx, t, ret.ID, []domain.ReturnStatus{ret.Status}, domain.StatusCancelled); err != nil {
			return ret, err
		}
		ret.Status = domain.StatusCancelled
		return ret, s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "return.cancelled", ret.ID),
			MerchantID: ret.MerchantID,
			Type:       "return.cancelled",
			Data:       map[string]any{"return_id": ret.ID, "reason": reason},
		})
	})
}

// Approve is called by the merchant (or their auto-approval rules) and
// schedules label booking.
func (s *Service) Approve(ctx context.Context, returnID, approvedBy string) (domain.Return, error) {
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return ret, err
	}
	if ret.Status == domain.StatusApproved {
		return ret, nil
	}
	if ret.Status != domain.StatusRequested {
		return ret, fmt.Errorf("%w: return is %s", domain.ErrInvalidState, ret.Status)
	}

	if err := s.notify.ReturnApproved(ctx, ret); err != nil {
		s.log.WarnContext(ctx, "approval email failed", "return_id", ret.ID, "err", err)
	}

	err = tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		ok, err := s.returns.Transition(ctx, t, ret.ID, []domain.ReturnStatus{domain.StatusRequested}, domain.StatusApproved)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: return changed concurrently", domain.ErrConflict)
		}
		if err := s.jobs.EnqueueTx(ctx, t, jobs.BookLabelArgs{ReturnID: ret.ID, ServiceLevel: "ground"}); err != nil {
			return err
		}
		return s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "return.approved", ret.ID),
			MerchantID: ret.MerchantID,
			Type:       "return.approved",
			Data:       map[string]any{"return_id": ret.ID, "approved_by": approvedBy},
		})
	})
	if err != nil {
		return ret, err
	}
	ret.Status = domain.StatusApproved
	return ret, nil
}

// SetRefundMethod lets the customer choose between a refund to the original
// payment method and store credit, up until inspection.
func (s *Service) SetRefundMethod(ctx context.Context, returnID string, m domain.RefundMethod) error {
	if !m.Valid() {
		return fmt.Errorf("%w: unknown refund method %q", domain.ErrValidation, m)
	}
	ok, err := s.returns.SetRefundMethod(ctx, s.pool, returnID, m)
	if err != nil {
		return err
	}
	if !ok {
		if _, err := s.returns.Get(ctx, s.pool, returnID); err != nil {
			return err
		}
		return fmt.Errorf("%w: refund method is locked after inspection", domain.ErrInvalidState)
	}
	return nil
}

type ExchangeRequest struct {
	ReplacementSKU string `json:"replacement_sku"`
	Quantity       int    `json:"quantity"`
}

// RequestExchange records that the customer wants a replacement instead of
// (part of) the refund. Fulfilment picks exchanges up from the outbox.
func (s *Service) RequestExchange(ctx context.Context, returnID string, req ExchangeRequest) (domain.Exchange, error) {
	if req.ReplacementSKU == "" || req.Quantity <= 0 {
		return domain.Exchange{}, fmt.Errorf("%w: replacement_sku and quantity are required", domain.ErrValidation)
	}
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return domain.Exchange{}, err
	}
	if !ret.Status.Open() && ret.Status != domain.StatusInTransit {
		return domain.Exchange{}, fmt.Errorf("%w: return is %s", domain.ErrInvalidState, ret.Status)
	}
	ex := domain.Exchange{
		ID:             ids.NewUUID(),
		ReturnID:       ret.ID,
		ReplacementSKU: req.ReplacementSKU,
		Quantity:       req.Quantity,
		Status:         "pending",
		CreatedAt:      s.now().UTC(),
	}
	err = tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		if err := s.exchanges.Insert(ctx, t, ex); err != nil {
			return err
		}
		return s.events.PublishTx(ctx, t, webhooks.Event{
			ID:         ids.Derive("evt", "exchange.requested", ex.ID),
			MerchantID: ret.MerchantID,
			Type:       "exchange.requested",
			Data:       map[string]any{"exchange_id": ex.ID, "return_id": ret.ID, "sku": ex.ReplacementSKU, "quantity": ex.Quantity},
		})
	})
	return ex, err
}

// ExpireStale expires open returns whose window has passed and tells the
// merchant about each one.
func (s *Service) ExpireStale(ctx context.Context) (int, error) {
	expired, err := s.returns.ExpireOpen(ctx, s.pool, s.now(), 200)
	if err != nil {
		return 0, err
	}
	for _, r := range expired {
		err := tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
			return s.events.PublishTx(ctx, t, webhooks.Event{
				ID:         ids.Derive("evt", "return.expired", r.ID),
				MerchantID: r.MerchantID,
				Type:       "return.expired",
				Data:       map[string]any{"return_id": r.ID, "expired_at": r.UpdatedAt},
			})
		})
		if err != nil {
			return 0, fmt.Errorf("publish expiry for %s: %w", r.ID, err)
		}
	}
	return len(expired), nil
}

// SendLabelReminders emails customers who have had a label for a while but
// have not shipped. Each return is claimed (reminder_sent_at stamped) before
// the email goes out, so a customer gets at most one reminder.
func (s *Service) SendLabelReminders(ctx context.Context, after time.Duration) (int, error) {
	claimed, err := s.returns.ClaimLabelReminders(ctx, s.pool, s.now().Add(-after), 100)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, r := range claimed {
		lbl, err := s.labels.GetByReturn(ctx, s.pool, r.ID)
		if err != nil {
			if !errors.Is(err, domain.ErrNotFound) {
				s.log.WarnContext(ctx, "reminder: load label", "return_id", r.ID, "err", err)
			}
			continue
		}
		if err := s.notify.LabelReminder(ctx, r, lbl.LabelURL); err != nil {
			s.log.WarnContext(ctx, "reminder email failed", "return_id", r.ID, "err", err)
			continue
		}
		sent++
	}
	return sent, nil
}
