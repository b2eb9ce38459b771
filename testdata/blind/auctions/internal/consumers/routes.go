package consumers

import (
	"time"

	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/natsx"
)

// Set is every handler the consumer process runs.
type Set struct {
	Outbid      *OutbidNotifier
	Stats       *LotStatsProjector
	SellerHooks *SellerWebhookRelay
	SellerSold  *SellerSoldNotifier
	Invoices    *InvoiceWriter
	Escrow      *EscrowReleaser
}

// Routes is the table of durable consumers, their subjects and handlers.
func (s Set) Routes() []natsx.Route {
	return []natsx.Route{
		{Durable: "outbid-notifier", Subject: events.SubjectBidPlaced, Handler: natsx.JSON(s.Outbid.Handle)},
		{Durable: "lot-stats", Subject: events.SubjectBidPlaced, Handler: natsx.JSON(s.Stats.Handle)},
		{Durable: "seller-webhooks", Subject: events.SubjectLotClosed, Handler: natsx.JSON(s.SellerHooks.Handle), AckWait: time.Minute},
		{Durable: "seller-sold-email", Subject: events.SubjectLotClosed, Handler: natsx.JSON(s.SellerSold.Handle)},
		{Durable: "invoice-writer", Subject: events.SubjectPaymentDone, Handler: natsx.JSON(s.Invoices.Handle)},
		{Durable: "escrow-release", Subject: events.SubjectDelivered, Handler: natsx.JSON(s.Escrow.Handle), MaxDeliver: 20},
	}
}
