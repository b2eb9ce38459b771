package fulfilment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/platform/database"
	"github.com/crumbworks/ovenline/internal/providers/cardpay"
	"github.com/crumbworks/ovenline/internal/providers/directdebit"
	"github.com/crumbworks/ovenline/internal/providers/mailer"
	"github.com/crumbworks/ovenline/internal/service"
	"github.com/crumbworks/ovenline/internal/store"
)

const errTypeInvalid = "InvalidRequest"

// Activities are the fulfilment steps. The worker registers the struct, so
// every exported method is an activity.
type Activities struct {
	DB         *database.DB
	Orders     *store.Orders
	Customers  *store.Customers
	Production *store.Production
	Deliveries *store.Deliveries
	Invoices   *store.Invoices
	Payments   *store.Payments
	Credits    *store.Credits
	DD         service.DirectDebit
	Card       service.CardCharger
	Mail       service.Mailer
	Now        service.Clock
}

// nonRetryable marks domain validation failures so Temporal stops retrying.
func nonRetryable(err error) error {
	var de *domain.Error
	if errors.As(err, &de) && (de.Kind == domain.KindInvalid || de.Kind == domain.KindNotFound) {
		return temporal.NewNonRetryableApplicationError(de.Msg, errTypeInvalid, err)
	}
	return err
}

// ReserveProduction adds the order's lines to the bake plan for the night
// before delivery.
func (a *Activities) ReserveProduction(ctx context.Context, orderID uuid.UUID) error {
	order, err := a.Orders.Get(ctx, a.DB, orderID)
	if err != nil {
		return nonRetryable(err)
	}
	if order.Status == domain.OrderCancelled {
		return nil
	}
	bakeDate := order.DeliveryDate.AddDate(0, 0, -1)
	locked, err := a.Production.IsLocked(ctx, a.DB, bakeDate)
	if err != nil {
		return err
	}
	if locked {
		return temporal.NewNonRetryableApplicationError(
			fmt.Sprintf("bake plan for %s is locked", bakeDate.Format(time.DateOnly)), errTypeInvalid, nil)
	}

	productIDs := make([]uuid.UUID, 0, len(order.Lines))
	return a.DB.WithTx(ctx, func(tx *sqlx.Tx) error {
		for _, l := range order.Lines {
			item := domain.ProductionItem{
				ID:        uuid.New(),
				BakeDate:  bakeDate,
				ProductID: l.ProductID,
				OrderID:   order.ID,
				Quantity:  l.Quantity,
			}
			if err := a.Production.InsertItem(ctx, tx, item); err != nil {
				return err
			}
			productIDs = append(productIDs, l.ProductID)
		}
		if err := a.Production.RecomputeDay(ctx, tx, bakeDate, productIDs); err != nil {
			return err
		}
		_, err := a.Orders.TransitionStatus(ctx, tx, order.ID, domain.OrderInProduction, domain.OrderPlaced)
		return err
	})
}

// ReleaseProduction takes a cancelled order back out of the bake plan.
func (a *Activities) ReleaseProduction(ctx context.Context, orderID uuid.UUID) error {
	order, err := a.Orders.Get(ctx, a.DB, orderID)
	if err != nil {
		return nonRetryable(err)
	}
	productIDs := make([]uuid.UUID, 0, len(order.Lines))
	for _, l := range order.Lines {
		productIDs = append(productIDs, l.ProductID)
	}
	return a.DB.WithTx(ctx, func(tx *sqlx.Tx) error {
		return a.Production.RecomputeDay(ctx, tx, order.DeliveryDate.AddDate(0, 0, -1), productIDs)
	})
}

// AllocateToRoute puts the order on its customer's van for the delivery day
// and returns the delivery id.
func (a *Activities) AllocateToRoute(ctx context.Context, orderID uuid.UUID) (uuid.UUID, error) {
	order, err := a.Orders.Get(ctx, a.DB, orderID)
	if err != nil {
		return uuid.Nil, nonRetryable(err)
	}
	cust, err := a.Customers.Get(ctx, a.DB, order.CustomerID)
	if err != nil {
		return uuid.Nil, nonRetryable(err)
	}

	d := domain.Delivery{ID: uuid.New(), OrderID: order.ID, Status: "scheduled"}
	err = a.DB.WithTx(ctx, func(tx *sqlx.Tx) error {
		routeID, err := a.Deliveries.EnsureRoute(ctx, tx, order.DeliveryDate, cust.VanCode)
		if err != nil {
			return err
		}
		seq, err := a.Deliveries.NextStopSeq(ctx, tx, routeID)
		if err != nil {
			return err
		}
		d.RouteID, d.StopSeq = routeID, seq
		return a.Deliveries.Insert(ctx, tx, d)
	})
	if err != nil {
		return uuid.Nil, fmt.Errorf("allocate %s to %s: %w", order.ID, cust.VanCode, err)
	}
	return d.ID, nil
}

// CreateInvoice raises the invoice for a delivered order, net of any credit
// notes already raised against it.
func (a *Activities) CreateInvoice(ctx context.Context, orderID uuid.UUID) (InvoiceRef, error) {
	order, err := a.Orders.Get(ctx, a.DB, orderID)
	if err != nil {
		return InvoiceRef{}, nonRetryable(err)
	}
	cust, err := a.Customers.Get(ctx, a.DB, order.CustomerID)
	if err != nil {
		return InvoiceRef{}, nonRetryable(err)
	}
	credited, err := a.Credits.TotalForOrder(ctx, a.DB, order.ID)
	if err != nil {
		return InvoiceRef{}, err
	}
	subtotal := order.TotalPence()
	if credited > subtotal {
		credited = subtotal
	}
	issued := startOfDay(a.Now())

	inv, err := a.Invoices.UpsertForOrder(ctx, a.DB, domain.Invoice{
		ID:            uuid.New(),
		OrderID:       order.ID,
		CustomerID:    order.CustomerID,
		SubtotalPence: subtotal,
		CreditedPence: credited,
		IssuedOn:      issued,
		DueOn:         issued.AddDate(0, 0, cust.PaymentTermsDays),
	})
	if err != nil {
		return InvoiceRef{}, fmt.Errorf("raise invoice for %s: %w", order.ID, err)
	}
	if _, err := a.Orders.TransitionStatus(ctx, a.DB, order.ID, domain.OrderInvoiced, domain.OrderDelivered); err != nil {
		return InvoiceRef{}, err
	}
	return InvoiceRef{ID: inv.ID, Number: inv.InvoiceNumber, BalancePence: inv.BalancePence(), Method: string(cust.PaymentMethod)}, nil
}

// SendInvoiceEmail emails the invoice once. The send is claimed first; if
// Postbox then fails the customer still has the invoice in the portal, and
// the monthly statement lists it.
func (a *Activities) SendInvoiceEmail(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := a.Invoices.Get(ctx, a.DB, invoiceID)
	if err != nil {
		return nonRetryable(err)
	}
	cust, err := a.Customers.Get(ctx, a.DB, inv.CustomerID)
	if err != nil {
		return nonRetryable(err)
	}
	claimed, err := a.Invoices.ClaimEmail(ctx, a.DB, inv.ID, a.Now())
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	_, err = a.Mail.Send(ctx, mailer.Message{
		To:       cust.BillingEmail,
		Subject:  "Crumbworks invoice " + inv.InvoiceNumber,
		Template: "invoice",
		Data: map[string]any{
			"customer": cust.Name,
			"number":   inv.InvoiceNumber,
			"total":    inv.SubtotalPence,
			"credited": inv.CreditedPence,
			"balance":  inv.BalancePence(),
			"due_on":   inv.DueOn.Format("2 January 2006"),
			"method":   cust.PaymentMethod,
		},
		Tags: []string{"invoice"},
	})
	if err != nil {
		activity.GetLogger(ctx).Warn("invoice email failed", "invoice", inv.InvoiceNumber, "error", err)
	}
	return nil
}

// CollectDirectDebit schedules the direct debit for the invoice balance on
// its due date. Debitline confirms or fails the payment later by webhook.
func (a *Activities) CollectDirectDebit(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := a.Invoices.Get(ctx, a.DB, invoiceID)
	if err != nil {
		return nonRetryable(err)
	}
	if inv.BalancePence() == 0 || inv.Status != "open" {
		return nil
	}
	cust, err := a.Customers.Get(ctx, a.DB, inv.CustomerID)
	if err != nil {
		return nonRetryable(err)
	}
	if cust.DDMandateID == nil {
		return temporal.NewNonRetryableApplicationError("customer has no direct debit mandate", errTypeInvalid, nil)
	}

	p, err := a.DD.CreatePayment(ctx, directdebit.CreatePaymentRequest{
		MandateID:   *cust.DDMandateID,
		AmountPence: inv.BalancePence(),
		Currency:    "GBP",
		ChargeDate:  inv.DueOn.Format(time.DateOnly),
		Reference:   inv.InvoiceNumber,
		Description: "Crumbworks invoice " + inv.InvoiceNumber,
		Metadata:    map[string]string{"invoice_id": inv.ID.String()},
	}, directdebit.IdempotencyKey(service.CollectionKey(inv)))
	if err != nil {
		return err
	}

	return a.DB.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := a.Payments.InsertIfAbsent(ctx, tx, domain.Payment{
			ID:                uuid.New(),
			InvoiceID:         inv.ID,
			Method:            string(domain.PayDirectDebit),
			Provider:          service.ProviderDebitline,
			ProviderPaymentID: p.ID,
			AmountPence:       p.AmountPence,
			Status:            "pending",
		}); err != nil {
			return err
		}
		return a.Invoices.MarkCollecting(ctx, tx, inv.ID)
	})
}

// ChargeCard charges the customer's card on file for the invoice balance.
func (a *Activities) ChargeCard(ctx context.Context, invoiceID uuid.UUID) (CardResult, error) {
	inv, err := a.Invoices.Get(ctx, a.DB, invoiceID)
	if err != nil {
		return CardResult{}, nonRetryable(err)
	}
	cust, err := a.Customers.Get(ctx, a.DB, inv.CustomerID)
	if err != nil {
		return CardResult{}, nonRetryable(err)
	}
	if cust.CardCustomerRef == nil {
		return CardResult{Declined: true, DeclineReason: "no card on file"}, nil
	}

	intent, err := a.Card.Charge(ctx, cardpay.ChargeRequest{
		CustomerRef:    *cust.CardCustomerRef,
		AmountPence:    inv.BalancePence(),
		Description:    "Crumbworks invoice " + inv.InvoiceNumber,
		Metadata:       map[string]string{"invoice_id": inv.ID.String()},
		OffSession:     true,
		Confirm:        true,
		IdempotencyKey: uuid.NewString(),
	})
	if err != nil {
		return CardResult{}, err
	}
	if !intent.Succeeded() {
		return CardResult{IntentID: intent.ID, Declined: true, DeclineReason: intent.FailureReason}, nil
	}
	return CardResult{IntentID: intent.ID, AmountPence: intent.AmountPence}, nil
}

// RecordCardPayment books a successful card charge against the invoice.
func (a *Activities) RecordCardPayment(ctx context.Context, invoiceID uuid.UUID, res CardResult) error {
	inserted, err := a.Payments.InsertIfAbsent(ctx, a.DB, domain.Payment{
		ID:                uuid.New(),
		InvoiceID:         invoiceID,
		Method:            string(domain.PayCard),
		Provider:          service.ProviderCardpay,
		ProviderPaymentID: res.IntentID,
		AmountPence:       res.AmountPence,
		Status:            "confirmed",
	})
	if err != nil {
		return err
	}
	if !inserted {
		return nil
	}
	return a.Invoices.AddPaid(ctx, a.DB, invoiceID, res.AmountPence)
}

// RecordCollectionFailure marks the invoice's collection as failed so the
// credit controller can chase it.
func (a *Activities) RecordCollectionFailure(ctx context.Context, invoiceID uuid.UUID) error {
	return a.Invoices.RecordCollectionFailure(ctx, a.DB, invoiceID)
}

func startOfDay(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}
