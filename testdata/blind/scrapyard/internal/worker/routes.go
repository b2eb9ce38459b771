// Package worker declares the SQS handler tables for each consumer binary.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/service"
)

// PayoutHandlers is the part of PayoutService the payout worker drives.
type PayoutHandlers interface {
	SubmitACH(ctx context.Context, env queue.Envelope, msg service.PayoutRequested) error
	IssueCashVoucher(ctx context.Context, env queue.Envelope, msg service.PayoutRequested) error
	SendReceipt(ctx context.Context, env queue.Envelope, msg service.PayoutReceipt) error
	ApplySettlement(ctx context.Context, env queue.Envelope, msg service.PayoutSettled) error
}

// ComplianceHandlers covers per-ticket compliance records.
type ComplianceHandlers interface {
	RecordLineItem(ctx context.Context, env queue.Envelope, msg service.TicketWeighed) error
	ReportVoid(ctx context.Context, env queue.Envelope, msg service.TicketVoided) error
}

func decorate(routes []queue.Route, logger *slog.Logger, timeout time.Duration) []queue.Route {
	for i := range routes {
		routes[i].Fn = queue.Chain(routes[i].Fn, queue.Logged(logger), queue.Timeout(timeout))
	}
	return routes
}

// PayoutRoutes is the handler table for the payouts queue.
func PayoutRoutes(h PayoutHandlers, logger *slog.Logger) []queue.Route {
	return decorate([]queue.Route{
		{Name: service.TypePayoutACH, Fn: queue.Typed(h.SubmitACH)},
		{Name: service.TypePayoutCash, Fn: queue.Typed(h.IssueCashVoucher)},
		{Name: service.TypePayoutReceipt, Fn: queue.Typed(h.SendReceipt)},
		{Name: service.TypePayoutSettled, Fn: queue.Typed(h.ApplySettlement)},
	}, logger, 45*time.Second)
}

// DispatchRoutes is the handler table for the dispatch queue. Contract and
// load messages from the dispatch desk share it with what the MillGate EDI
// bridge publishes.
func DispatchRoutes(contracts interface {
	AcknowledgeContract(ctx context.Context, env queue.Envelope, msg service.ContractCreated) error
}, dispatch interface {
	BookTruck(ctx context.Context, env queue.Envelope, msg service.LoadScheduled) error
	RecordMillSettlement(ctx context.Context, env queue.Envelope, msg service.MillSettlement) error
	CancelLoad(ctx context.Context, env queue.Envelope, msg service.LoadCancelled) error
}, logger *slog.Logger) []queue.Route {
	return decorate([]queue.Route{
		{Name: service.TypeContractAck, Fn: queue.Typed(contracts.AcknowledgeContract)},
		{Name: service.TypeLoadBookTruck, Fn: queue.Typed(dispatch.BookTruck)},
		{Name: service.TypeMillSettlement, Fn: queue.Typed(dispatch.RecordMillSettlement)},
		{Name: service.TypeLoadCancelled, Fn: queue.Typed(dispatch.CancelLoad)},
	}, logger, 50*time.Second)
}

// ComplianceRoutes is the handler table for the compliance queue.
func ComplianceRoutes(h ComplianceHandlers, logger *slog.Logger) []queue.Route {
	return decorate([]queue.Route{
		{Name: service.TypeTicketWeighed, Fn: queue.Typed(h.RecordLineItem)},
		{Name: service.TypeTicketVoided, Fn: queue.Typed(h.ReportVoid)},
	}, logger, 50*time.Second)
}
