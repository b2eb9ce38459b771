package webhooks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/outbox"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

func notificationRow(item payments.NotificationRequestItem) *models.PSPNotification {
	n := &models.PSPNotification{
		PSPReference:      item.PSPReference,
		EventCode:         item.EventCode,
		MerchantReference: item.MerchantReference,
		Success:           item.Succeeded(),
		AmountMinor:       item.Amount.Value,
		Currency:          item.Amount.Currency,
		EventDate:         item.EventTime(),
	}
	if item.OriginalReference != "" {
		n.OriginalReference = &item.OriginalReference
	}
	if item.Reason != "" {
		n.Reason = &item.Reason
	}
	return n
}

// fulfiller moves the paid resource forward once its payment is authorised.
type fulfiller func(ctx context.Context, intent *models.PaymentIntent, item payments.NotificationRequestItem) error

// AuthorisationHandler handles AUTHORISATION notifications.
type AuthorisationHandler struct {
	tx            *database.TxManager
	notifications *store.NotificationRepo
	intents       *store.IntentRepo
	outbox        *outbox.Writer
	fulfillers    map[models.PaymentPurpose]fulfiller
	logger        *zap.Logger
}

func NewAuthorisationHandler(
	tx *database.TxManager,
	notifications *store.NotificationRepo,
	intents *store.IntentRepo,
	ticketOrders *store.TicketOrderRepo,
	memberships *store.MembershipRepo,
	donations *store.DonationRepo,
	shopOrders *store.ShopOrderRepo,
	ob *outbox.Writer,
	logger *zap.Logger,
) *AuthorisationHandler {
	h := &AuthorisationHandler{tx: tx, notifications: notifications, intents: intents, outbox: ob, logger: logger}
	h.fulfillers = map[models.PaymentPurpose]fulfiller{
		models.PurposeTicketOrder: func(ctx context.Context, in *models.PaymentIntent, item payments.NotificationRequestItem) error {
			id, err := uuid.Parse(in.ResourceID)
			if err != nil {
				return err
			}
			changed, err := ticketOrders.TransitionStatus(ctx, id, []models.TicketOrderStatus{models.TicketOrderHeld, models.TicketOrderPendingPayment}, models.TicketOrderPaid)
			if err != nil || !changed {
				return err
			}
			return ob.Add(ctx, events.TopicTicketOrderPaid, in.ResourceID, events.TicketOrderPaid{
				OrderID: in.ResourceID, PSPReference: item.PSPReference, PaidAt: item.EventTime(),
			})
		},
		models.PurposeMembership: func(ctx context.Context, in *models.PaymentIntent, item payments.NotificationRequestItem) error {
			id, err := uuid.Parse(in.ResourceID)
			if err != nil {
				return err
			}
			var token *string
			if t := item.AdditionalData["recurring.recurringDetailReference"]; t != "" {
				token = &t
			}
			changed, err := memberships.Activate(ctx, id, token)
			if err != nil || !changed {
				return err
			}
			m, err := memberships.Get(ctx, id)
			if err != nil {
				return err
			}
			return ob.Add(ctx, events.TopicMembershipActivated, in.ResourceID, events.MembershipActivated{
				MembershipID: in.ResourceID, Tier: string(m.Tier), ActivatedAt: item.EventTime(),
			})
		},
		models.PurposeDonation: func(ctx context.Context, in *models.PaymentIntent, item payments.NotificationRequestItem) error {
			changed, err := donations.MarkReceived(ctx, in.ResourceID, item.EventTime())
			if err != nil || !changed {
				return err
			}
			d, err := donations.Get(ctx, in.ResourceID)
			if err != nil {
				return err
			}
			return ob.Add(ctx, events.TopicDonationReceived, d.ID, events.DonationReceived{
				DonationID: d.ID, AmountMinor: d.AmountMinor, Currency: d.Currency, GiftAid: d.GiftAid,
				PSPReference: item.PSPReference, ReceivedAt: item.EventTime(),
			})
		},
		models.PurposeShopOrder: func(ctx context.Context, in *models.PaymentIntent, item payments.NotificationRequestItem) error {
			id, err := uuid.Parse(in.ResourceID)
			if err != nil {
				return err
			}
			changed, err := shopOrders.Transition(ctx, id, models.ShopOrderPendingPayment, models.ShopOrderPaid)
			if err != nil || !changed {
				return err
			}
			return ob.Add(ctx, events.TopicShopOrderPaid, in.ResourceID, events.ShopOrderPaid{
				OrderID: in.ResourceID, PSPReference: item.PSPReference, PaidAt: item.EventTime(),
			})
		},
	}
	return h
}

func (h *AuthorisationHandler) Handle(ctx context.Context, item payments.NotificationRequestItem) error {
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := h.notifications.Insert(ctx, notificationRow(item)); err != nil {
			return fmt.Errorf("store notification: %w", err)
		}
		intent, err := h.intents.ByOperationID(ctx, item.MerchantReference)
		if errors.Is(err, httpx.ErrNotFound) {
			// Renewal charges use the workflow reference and are tracked by
			// the renewal workflow itself.
			h.logger.Info("authorisation for unknown intent", zap.String("reference", item.MerchantReference))
			return nil
		}
		if err != nil {
			return err
		}
		if !item.Succeeded() {
			// Unpaid holds are released by the expire-holds job.
			return h.intents.SetStatus(ctx, intent.OperationID, models.IntentRefused)
		}
		if err := h.intents.RecordSubmission(ctx, intent.OperationID, item.PSPReference, models.IntentAuthorised); err != nil {
			return err
		}
		fulfil, ok := h.fulfillers[intent.Purpose]
		if !ok {
			return fmt.Errorf("no fulfiller for %s", intent.Purpose)
		}
		return fulfil(ctx, intent, item)
	})
}

// RefundNotificationHandler handles REFUND and REFUND_FAILED.
type RefundNotificationHandler struct {
	tx            *database.TxManager
	notifications *store.NotificationRepo
	refunds       *store.RefundRepo
	intents       *store.IntentRepo
	ticketOrders  *store.TicketOrderRepo
}

func NewRefundNotificationHandler(tx *database.TxManager, notifications *store.NotificationRepo, refunds *store.RefundRepo,
	intents *store.IntentRepo, ticketOrders *store.TicketOrderRepo) *RefundNotificationHandler {
	return &RefundNotificationHandler{tx: tx, notifications: notifications, refunds: refunds, intents: intents, ticketOrders: ticketOrders}
}

func (h *RefundNotificationHandler) Handle(ctx context.Context, item payments.NotificationRequestItem) error {
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := h.notifications.Upsert(ctx, notificationRow(item)); err != nil {
			return err
		}
		status := models.RefundCompleted
		if item.EventCode == "REFUND_FAILED" || !item.Succeeded() {
			status = models.RefundFailed
		}
		rr, err := h.refunds.SettleByPSPReference(ctx, item.PSPReference, status)
		if errors.Is(err, httpx.ErrNotFound) {
			return nil
		}
		if err != nil || status != models.RefundCompleted {
			return err
		}
		intent, err := h.intents.ForResource(ctx, rr.OrderKind, rr.OrderID)
		if err != nil {
			return err
		}
		if err := h.intents.SetStatus(ctx, intent.OperationID, models.IntentRefunded); err != nil {
			return err
		}
		if rr.OrderKind != models.PurposeTicketOrder {
			return nil
		}
		id, err := uuid.Parse(rr.OrderID)
		if err != nil {
			return err
		}
		_, err = h.ticketOrders.TransitionStatus(ctx, id, []models.TicketOrderStatus{models.TicketOrderPaid}, models.TicketOrderRefunded)
		return err
	})
}

// ChargebackHandler records disputes and suspends affected memberships.
type ChargebackHandler struct {
	tx          *database.TxManager
	chargebacks *store.ChargebackRepo
	intents     *store.IntentRepo
	memberships *store.MembershipRepo
	outbox      *outbox.Writer
}

func NewChargebackHandler(tx *database.TxManager, chargebacks *store.ChargebackRepo, intents *store.IntentRepo, memberships *store.MembershipRepo, ob *outbox.Writer) *ChargebackHandler {
	return &ChargebackHandler{tx: tx, chargebacks: chargebacks, intents: intents, memberships: memberships, outbox: ob}
}

func (h *ChargebackHandler) Handle(ctx context.Context, item payments.NotificationRequestItem) error {
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		intent, err := h.intents.ByPSPReference(ctx, item.OriginalReference)
		if errors.Is(err, httpx.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		cb := &models.Chargeback{
			PSPReference:      item.PSPReference,
			OriginalReference: item.OriginalReference,
			Purpose:           intent.Purpose,
			ResourceID:        intent.ResourceID,
			AmountMinor:       item.Amount.Value,
			Currency:          item.Amount.Currency,
			CreatedAt:         time.Now().UTC(),
		}
		if item.Reason != "" {
			cb.Reason = &item.Reason
		}
		created, err := h.chargebacks.InsertIfAbsent(ctx, cb)
		if err != nil || !created {
			return err
		}
		if intent.Purpose == models.PurposeMembership {
			id, err := uuid.Parse(intent.ResourceID)
			if err != nil {
				return err
			}
			if err := h.memberships.SetStatus(ctx, id, models.MembershipSuspended); err != nil {
				return err
			}
		}
		return h.outbox.Add(ctx, events.TopicChargebackRecorded, intent.ResourceID, events.ChargebackRecorded{
			PSPReference: item.PSPReference,
			Purpose:      string(intent.Purpose),
			ResourceID:   intent.ResourceID,
		})
	})
}
