// Package handlers contains the REST API handlers.
package handlers

import (
	"context"
	"log/slog"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/readmodel"
	"github.com/northwind-retail/rma/internal/service/labels"
	"github.com/northwind-retail/rma/internal/service/refunds"
	"github.com/northwind-retail/rma/internal/service/returns"
)

type ReturnsService interface {
	Open(ctx context.Context, idemKey string, req returns.OpenRequest) (domain.Return, bool, error)
	AddItem(ctx context.Context, returnID string, req returns.AddItemRequest) (domain.ReturnItem, error)
	Cancel(ctx context.Context, returnID, reason string) (domain.Return, error)
	Approve(ctx context.Context, returnID, approvedBy string) (domain.Return, error)
	SetRefundMethod(ctx context.Context, returnID string, m domain.RefundMethod) error
	RequestExchange(ctx context.Context, returnID string, req returns.ExchangeRequest) (domain.Exchange, error)
}

type LabelsService interface {
	BookNow(ctx context.Context, returnID, serviceLevel string) (domain.LabelBooking, error)
}

type RefundsService interface {
	ManualRefund(ctx context.Context, idemKey, returnID string, req refunds.ManualRefundRequest) (domain.Refund, error)
	GoodwillCredit(ctx context.Context, req refunds.GoodwillRequest) (domain.StoreCredit, error)
}

type WebhookAdmin interface {
	RegisterEndpoint(ctx context.Context, merchantID, url string, eventTypes []string) (domain.WebhookEndpoint, error)
}

// Handlers serves the merchant and customer API.
type Handlers struct {
	Returns  ReturnsService
	Labels   LabelsService
	Refunds  RefundsService
	Webhooks WebhookAdmin
	Reads    readmodel.Reader
	Log      *slog.Logger
}

// compile-time checks against the concrete services.
var (
	_ ReturnsService = (*returns.Service)(nil)
	_ LabelsService  = (*labels.Service)(nil)
	_ RefundsService = (*refunds.Service)(nil)
)
