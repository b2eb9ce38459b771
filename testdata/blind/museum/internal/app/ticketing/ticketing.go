// Package ticketing implements the timed-entry ticket commands.
package ticketing

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/app/checkout"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
	"github.com/northgate-museums/visitor-platform/internal/platform/ids"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
)

const (
	AdultPriceMinor      = 2200
	ConcessionPriceMinor = 1800
	ChildPriceMinor      = 0
	MaxTicketsPerOrder   = 12
)

type Slots interface {
	Get(ctx context.Context, id int64) (*models.TimeSlot, error)
	Reserve(ctx context.Context, slotID int64, qty int) error
	Release(ctx context.Context, slotID int64, qty int) error
}

type Orders interface {
	Create(ctx context.Context, o *models.TicketOrder) error
	Get(ctx context.Context, id uuid.UUID) (*models.TicketOrder, error)
	UpdateSlot(ctx context.Context, id uuid.UUID, slotID int64) error
	TransitionStatus(ctx context.Context, id uuid.UUID, from []models.TicketOrderStatus, to models.TicketOrderStatus) (bool, error)
	LockExpiredHolds(ctx context.Context, now time.Time, limit int) ([]models.TicketOrder, error)
}

type Intents interface {
	Create(ctx context.Context, in *models.PaymentIntent) error
	ForResource(ctx context.Context, purpose models.PaymentPurpose, resourceID string) (*models.PaymentIntent, error)
	SetStatus(ctx context.Context, opID string, status models.IntentStatus) error
}

type KeyClaimer interface {
	Claim(ctx context.Context, scope, key, resourceID string) (string, bool, error)
}

type Payer interface {
	Submit(ctx context.Context, in *models.PaymentIntent, method json.RawMessage, shopper checkout.Shopper, opts ...checkout.SubmitOption) (*payments.PaymentResponse, error)
}

// PlaceOrder holds places on a slot and starts payment.
type PlaceOrder struct {
	IdempotencyKey string
	OrderID        uuid.UUID
	SlotID         int64
	Adults         int
	Concessions    int
	Children       int
	CustomerName   string
	CustomerEmail  string
	PaymentMethod  json.RawMessage
	Result         *cqrs.Result
}

func (c PlaceOrder) validate() error {
	qty := c.Adults + c.Concessions + c.Children
	switch {
	case qty == 0:
		return httpx.ValidationError{Field: "tickets", Message: "at least one ticket is required"}
	case qty > MaxTicketsPerOrder:
		return httpx.ValidationError{Field: "tickets", Message: fmt.Sprintf("at most %d tickets per order", MaxTicketsPerOrder)}
	case c.Children > 0 && c.Adults+c.Concessions == 0:
		return httpx.ValidationError{Field: "children", Message: "children must be accompanied by an adult"}
	case c.CustomerEmail == "":
		return httpx.ValidationError{Field: "customer_email", Message: "required"}
	}
	return nil
}

func (c PlaceOrder) amount() int64 {
	return int64(c.Adults)*AdultPriceMinor + int64(c.Concessions)*ConcessionPriceMinor + int64(c.Children)*ChildPriceMinor
}

type PlaceOrderHandler struct {
	tx      database.Transactor
	keys    KeyClaimer
	slots   Slots
	orders  Orders
	intents Intents
	payer   Payer
	holdTTL time.Duration
	now     func() time.Time
}

func NewPlaceOrderHandler(tx database.Transactor, keys KeyClaimer, slots Slots, orders Orders, intents Intents, payer Payer, holdTTL time.Duration) *PlaceOrderHandler {
	return &PlaceOrderHandler{tx: tx, keys: keys, slots: slots, orders: orders, intents: intents, payer: payer, holdTTL: holdTTL, now: time.Now}
}

func (h *PlaceOrderHandler) Handle(ctx context.Context, cmd PlaceOrder) error {
	if err := cmd.validate(); err != nil {
		return err
	}
	var intent *models.PaymentIntent
	var status models.TicketOrderStatus
	err := h.tx.WithinTx(ctx, func(ctx context.Context) error {
		existing, claimed, err := h.keys.Claim(ctx, "ticket-order", cmd.IdempotencyKey, cmd.OrderID.String())
		if err != nil {
			return err
		}
		if !claimed {
			id, err := uuid.Parse(existing)
			if err != nil {
				return err
			}
			order, err := h.orders.Get(ctx, id)
			if err != nil {
				return err
			}
			cmd.OrderID, status = order.ID, order.Status
			intent, err = h.intents.ForResource(ctx, models.PurposeTicketOrder, existing)
			if cmd.Result != nil {
				cmd.Result.Replayed = true
			}
			return err
		}

		slot, err := h.slots.Get(ctx, cmd.SlotID)
		if err != nil {
			return err
		}
		if !slot.StartsAt.After(h.now()) {
			return httpx.ValidationError{Field: "slot_id", Message: "slot has already started"}
		}
		qty := cmd.Adults + cmd.Concessions + cmd.Children
		if err := h.slots.Reserve(ctx, cmd.SlotID, qty); err != nil {
			return err
		}
		hold := h.now().Add(h.holdTTL)
		order := &models.TicketOrder{
			ID:            cmd.OrderID,
			CustomerEmail: cmd.CustomerEmail,
			CustomerName:  cmd.CustomerName,
			SlotID:        cmd.SlotID,
			AdultQty:      cmd.Adults,
			ConcessionQty: cmd.Concessions,
			ChildQty:      cmd.Children,
			AmountMinor:   cmd.amount(),
			Currency:      "GBP",
			Status:        models.TicketOrderHeld,
			HoldExpiresAt: &hold,
		}
		if err := h.orders.Create(ctx, order); err != nil {
			return err
		}
		status = order.Status
		if order.AmountMinor == 0 {
			return nil
		}
		intent = &models.PaymentIntent{
			OperationID: ids.NewOperationID(),
			Purpose:     models.PurposeTicketOrder,
			ResourceID:  order.ID.String(),
			AmountMinor: order.AmountMinor,
			Currency:    order.Currency,
			Status:      models.IntentPending,
		}
		return h.intents.Create(ctx, intent)
	})
	if err != nil {
		return err
	}
	cmd.Result.Set(cmd.OrderID.String(), string(status))
	if intent == nil || intent.Status != models.IntentPending {
		return nil
	}
	resp, err := h.payer.Submit(ctx, intent, cmd.PaymentMethod, checkout.Shopper{Reference: cmd.CustomerEmail, Email: cmd.CustomerEmail})
	if err != nil {
		return err
	}
	if cmd.Result != nil {
		cmd.Result.Extra = map[string]string{"result_code": resp.ResultCode, "action": string(resp.Action)}
	}
	return nil
}

// Reschedule moves a paid order to another slot on the same day.
type Reschedule struct {
	OrderID   uuid.UUID
	NewSlotID int64
}

type RescheduleHandler struct {
	tx     database.Transactor
	slots  Slots
	orders Orders
}

func NewRescheduleHandler(tx database.Transactor, slots Slots, orders Orders) *RescheduleHandler {
	return &RescheduleHandler{tx: tx, slots: slots, orders: orders}
}

func (h *RescheduleHandler) Handle(ctx context.Context, cmd Reschedule) error {
	order, err := h.orders.Get(ctx, cmd.OrderID)
	if err != nil {
		return err
	}
	if order.SlotID == cmd.NewSlotID {
		return nil
	}
	if order.Status != models.TicketOrderPaid {
		return fmt.Errorf("order is %s: %w", order.Status, httpx.ErrConflict)
	}
	current, err := h.slots.Get(ctx, order.SlotID)
	if err != nil {
		return err
	}
	next, err := h.slots.Get(ctx, cmd.NewSlotID)
	if err != nil {
		return err
	}
	if next.SiteID != current.SiteID {
		return httpx.ValidationError{Field: "slot_id", Message: "tickets can only be moved within the same site"}
	}
	if !next.StartsAt.After(time.Now()) || !current.StartsAt.After(time.Now()) {
		return httpx.ValidationError{Field: "slot_id", Message: "past slots cannot be changed"}
	}

	qty := order.Quantity()
	err = h.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := h.slots.Reserve(ctx, cmd.NewSlotID, qty); err != nil {
			return err
		}
		return h.slots.Release(ctx, order.SlotID, qty)
	})
	if err != nil {
		return err
	}
	if err := h.orders.UpdateSlot(ctx, order.ID, cmd.NewSlotID); err != nil {
		return fmt.Errorf("move order %s to slot %d: %w", order.ID, cmd.NewSlotID, err)
	}
	return nil
}

// ExpireHolds releases places held by orders that were never paid.
type ExpireHolds struct {
	Now   time.Time
	Limit int
	// Expired is set to the number of orders released.
	Expired *int
}

type ExpireHoldsHandler struct {
	tx      database.Transactor
	slots   Slots
	orders  Orders
	intents Intents
}

func NewExpireHoldsHandler(tx database.Transactor, slots Slots, orders Orders, intents Intents) *ExpireHoldsHandler {
	return &ExpireHoldsHandler{tx: tx, slots: slots, orders: orders, intents: intents}
}

func (h *ExpireHoldsHandler) Handle(ctx context.Context, cmd ExpireHolds) error {
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		held, err := h.orders.LockExpiredHolds(ctx, cmd.Now, cmd.Limit)
		if err != nil {
			return err
		}
		n := 0
		for _, o := range held {
			changed, err := h.orders.TransitionStatus(ctx, o.ID, []models.TicketOrderStatus{models.TicketOrderHeld}, models.TicketOrderExpired)
			if err != nil {
				return err
			}
			if !changed {
				continue
			}
			if err := h.slots.Release(ctx, o.SlotID, o.Quantity()); err != nil {
				return err
			}
			n++
		}
		if cmd.Expired != nil {
			*cmd.Expired = n
		}
		return nil
	})
}
