// Package consumers wires the watermill router: one handler per topic,
// registered from the table in router.go.
package consumers

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/haulgrid/loadboard/internal/events"
	"github.com/haulgrid/loadboard/internal/service"
)

// Handlers adapts events and commands to service calls.
type Handlers struct {
	Bids          *service.BidService
	Tendering     *service.TenderingService
	RateCons      *service.RateConService
	QuickPay      *service.QuickPayService
	Ledger        *service.LedgerService
	Notifications *service.NotificationService
}

// IssueRateCon sends the rate confirmation for an accepted tender.
func (h *Handlers) IssueRateCon(ctx context.Context, _ *message.Message, evt events.TenderAccepted) error {
	return h.RateCons.Issue(ctx, evt)
}

// SendTenderSMS executes the send-tender-SMS command.
func (h *Handlers) SendTenderSMS(ctx context.Context, _ *message.Message, cmd events.SendTenderSMS) error {
	return h.Notifications.SendTenderSMS(ctx, cmd)
}

// AutoQuickPay pays auto-enrolled carriers on delivery.
func (h *Handlers) AutoQuickPay(ctx context.Context, _ *message.Message, evt events.LoadDelivered) error {
	return h.QuickPay.AutoPay(ctx, evt)
}

// FileRateCon attaches the signed rate confirmation to the load.
func (h *Handlers) FileRateCon(ctx context.Context, _ *message.Message, evt events.RateConSigned) error {
	return h.RateCons.FileSignedDocument(ctx, evt)
}

// RefreshBidStats updates the board's bid summary for the load.
func (h *Handlers) RefreshBidStats(ctx context.Context, _ *message.Message, evt events.BidPlaced) error {
	return h.Bids.RefreshStats(ctx, evt.LoadID)
}

// ForwardDecline tells the tender workflow the carrier declined.
func (h *Handlers) ForwardDecline(ctx context.Context, _ *message.Message, evt events.TenderDeclined) error {
	return h.Tendering.ForwardDecline(ctx, evt)
}

// StopTender cancels the tender workflow of a cancelled load.
func (h *Handlers) StopTender(ctx context.Context, _ *message.Message, evt events.LoadCancelled) error {
	return h.Tendering.StopForCancelledLoad(ctx, evt)
}

// PostPayoutToLedger writes the carrier statement lines for a settled payout.
func (h *Handlers) PostPayoutToLedger(ctx context.Context, _ *message.Message, evt events.PayoutSettled) error {
	return h.Ledger.PostPayout(ctx, evt)
}
