package store

import "go.uber.org/fx"

// Module provides every repository.
var Module = fx.Module("store",
	fx.Provide(
		NewApplicationRepo,
		NewCommentRepo,
		NewAmendmentRepo,
		NewDecisionRepo,
		NewHoldRepo,
		NewPaymentRepo,
		NewRefundRepo,
		NewLedgerRepo,
		NewIdempotencyRepo,
		NewStripeEventRepo,
		NewDocumentRepo,
		NewCallbackRepo,
		NewInspectionRepo,
		NewInspectionResultRepo,
		NewPartnerEventRepo,
		NewPermitRepo,
		NewRegistryStatusRepo,
		NewParcelRepo,
		NewParkingRepo,
		NewRenewalRepo,
		NewReminderRepo,
		NewNotificationRepo,
		NewResidentRepo,
	),
)
