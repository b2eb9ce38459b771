// Package api is the Ovenline HTTP API: customer ordering, the accounts
// team's billing tools, the driver app and provider webhooks.
package api

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/platform/httpx"
	"github.com/crumbworks/ovenline/internal/providers/directdebit"
	"github.com/crumbworks/ovenline/internal/service"
)

// OrderService places and manages one-off orders.
type OrderService interface {
	PlaceOneOff(ctx context.Context, idemKey string, in service.PlaceOrderInput) (domain.Order, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
	Cancel(ctx context.Context, id uuid.UUID) error
}

// StandingOrderService manages recurring orders.
type StandingOrderService interface {
	Create(ctx context.Context, customerID uuid.UUID, in service.CreateStandingOrderInput) (domain.StandingOrder, error)
}

// CollectionService takes payments and applies provider webhooks.
type CollectionService interface {
	PayByCard(ctx context.Context, invoiceID uuid.UUID, idemKey string) (domain.Invoice, error)
	LogWebhook(ctx context.Context, eventID, signature string, payload []byte) error
	ApplyDebitlineEvent(ctx context.Context, ev directdebit.Event) error
}

// CreditService raises and refunds credit notes.
type CreditService interface {
	Issue(ctx context.Context, in service.IssueCreditInput) (domain.CreditNote, error)
	Refund(ctx context.Context, creditNoteID uuid.UUID) (domain.Refund, error)
}

// PurchasingService manages flour purchase orders.
type PurchasingService interface {
	Get(ctx context.Context, id uuid.UUID) (domain.PurchaseOrder, error)
	Submit(ctx context.Context, id uuid.UUID) (domain.PurchaseOrder, error)
}

// DeliveryService runs routes and accepts proof of delivery.
type DeliveryService interface {
	Dispatch(ctx context.Context, routeID uuid.UUID, driver string) error
	SubmitProof(ctx context.Context, deliveryID uuid.UUID, in service.ProofInput) error
}

// Clock returns the current time.
type Clock func() time.Time

// pathUUID parses a UUID path parameter.
func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, domain.Invalid("%s is not a valid id", name)
	}
	return id, nil
}

// jsonEndpoint adapts a service call that takes a decoded body and returns
// a value into a handler.
func jsonEndpoint[In, Out any](status int, call func(r *http.Request, in In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in In
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		out, err := call(r, in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, status, out)
	}
}

// idEndpoint adapts a service call keyed by one path id.
func idEndpoint[Out any](param string, status int, call func(r *http.Request, id uuid.UUID) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pathUUID(r, param)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		out, err := call(r, id)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, status, out)
	}
}
