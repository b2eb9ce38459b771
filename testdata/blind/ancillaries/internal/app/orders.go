package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/notify"
)

// ConfirmPaymentHandler confirms the PaymentIntent of a seat order with the
// payment method collected by the app.
type ConfirmPaymentHandler struct {
	deps Deps
}

func NewConfirmPaymentHandler(d Deps) *ConfirmPaymentHandler { return &ConfirmPaymentHandler{deps: d} }

func (h *ConfirmPaymentHandler) Handle(ctx context.Context, cmd ConfirmPayment) error {
	order, err := h.deps.Store.Orders().Get(ctx, cmd.OrderID)
	if err != nil {
		return err
	}
	switch order.Status {
	case domain.OrderPaid:
		return nil
	case domain.OrderPendingPayment, domain.OrderPaymentFailed:
	default:
		return fmt.Errorf("%w: order is %s", domain.ErrInvalidTransition, order.Status)
	}
	if !order.HasPaymentIntent() {
		return fmt.Errorf("%w: order has no payment intent yet", domain.ErrConflict)
	}
	key := fmt.Sprintf("order-confirm-%s-%s", order.ID, cmd.PaymentMethod)
	_, err = h.deps.Payments.Confirm(ctx, order.PaymentIntentID.String, cmd.PaymentMethod, key)
	return err
}

// CancelItemHandler cancels an ancillary at the customer's request and
// queues its refund.
type CancelItemHandler struct {
	deps Deps
}

func NewCancelItemHandler(d Deps) *CancelItemHandler { return &CancelItemHandler{deps: d} }

func (h *CancelItemHandler) Handle(ctx context.Context, cmd CancelItem) error {
	reason := cmd.Reason
	if reason == "" {
		reason = "requested_by_customer"
	}
	return h.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		order, err := tx.Orders().GetForUpdate(ctx, cmd.OrderID)
		if err != nil {
			return err
		}
		item, err := tx.Items().GetForUpdate(ctx, cmd.ItemID)
		if err != nil {
			return err
		}
		if item.OrderID != order.ID {
			return domain.ErrNotFound
		}
		switch item.Status {
		case domain.ItemRefundPending, domain.ItemRefunded:
			return nil
		case domain.ItemPaid, domain.ItemIssued:
		default:
			return fmt.Errorf("%w: item is %s", domain.ErrNotRefundable, item.Status)
		}
		if !item.Refundable {
			return domain.ErrNotRefundable
		}
		_, err = requestRefund(ctx, tx, order, item, reason)
		return err
	})
}

// UpdateContactHandler changes an order's contact details.
type UpdateContactHandler struct {
	deps Deps
}

func NewUpdateContactHandler(d Deps) *UpdateContactHandler { return &UpdateContactHandler{deps: d} }

func (h *UpdateContactHandler) Handle(ctx context.Context, cmd UpdateContact) error {
	order, err := h.deps.Store.Orders().Get(ctx, cmd.OrderID)
	if err != nil {
		return err
	}
	email, phone := order.ContactEmail, order.ContactPhone
	if cmd.Email != "" {
		email = cmd.Email
	}
	if cmd.Phone != "" {
		phone = cmd.Phone
	}
	return h.deps.Store.Orders().UpdateContact(ctx, cmd.OrderID, email, phone)
}

// ResendConfirmationHandler sends the confirmation text again, for example
// after the customer changed phone number.
type ResendConfirmationHandler struct {
	deps Deps
}

func NewResendConfirmationHandler(d Deps) *ResendConfirmationHandler {
	return &ResendConfirmationHandler{deps: d}
}

func (h *ResendConfirmationHandler) Handle(ctx context.Context, cmd ResendConfirmation) error {
	order, err := h.deps.Store.Orders().Get(ctx, cmd.OrderID)
	if err != nil {
		return err
	}
	items, err := h.deps.Store.Items().ListByOrder(ctx, order.ID)
	if err != nil {
		return err
	}
	var issued *domain.OrderItem
	for i := range items {
		if items[i].EMDNumber.Valid {
			issued = &items[i]
			break
		}
	}
	if issued == nil {
		return fmt.Errorf("%w: nothing issued on this order yet", domain.ErrConflict)
	}
	phone := cmd.Phone
	if phone == "" {
		phone = order.ContactPhone
	}
	if phone == "" {
		return errors.New("no phone number on the order")
	}
	_, body, err := notify.Render(notify.TplResendReceipt, map[string]any{
		"Product":   issued.Description,
		"PNR":       order.PNR,
		"EMDNumber": issued.EMDNumber.String,
	})
	if err != nil {
		return err
	}
	_, err = h.deps.SMS.SendSMS(ctx, notify.SMSMessage{
		To:        phone,
		Body:      body,
		Reference: "resend-" + order.ID + "-" + cmd.IdempotencyKey,
	})
	return err
}
