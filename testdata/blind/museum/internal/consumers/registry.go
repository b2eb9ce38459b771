package consumers

import (
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
)

// Set groups the consumers run by the events worker.
type Set struct {
	Tickets      *TicketIssuer
	Admissions   *AdmissionRecorder
	WelcomePacks *WelcomePackSender
	Receipts     *TaxReceiptIssuer
	Shipments    *ShipmentCreator
	Captures     *DispatchCapturer
	Returns      *ReturnsProcessor
	Refunds      *RefundSubmitter
	GroupPacks   *GroupPackMailer
}

// Registrations returns the handler table for the events worker.
func Registrations(s Set, logger *zap.Logger, m *metrics.Registry) []Registration {
	return []Registration{
		Typed("issue_e_tickets", events.TopicTicketOrderPaid, logger, m, s.Tickets.Handle),
		Typed("record_admission", events.TopicGateScans, logger, m, s.Admissions.Handle),
		Typed("send_welcome_pack", events.TopicMembershipActivated, logger, m, s.WelcomePacks.Handle),
		Typed("issue_tax_receipt", events.TopicDonationReceived, logger, m, s.Receipts.Handle),
		Typed("create_shipment", events.TopicShopOrderPaid, logger, m, s.Shipments.Handle),
		Typed("capture_on_dispatch", events.TopicShipmentDispatched, logger, m, s.Captures.Handle),
		Typed("process_return", events.TopicShipmentReturned, logger, m, s.Returns.Handle),
		Typed("submit_refund", events.TopicRefundRequested, logger, m, s.Refunds.Handle),
		Typed("mail_group_pack", events.TopicGroupBookingConfirmed, logger, m, s.GroupPacks.Handle),
	}
}
