package store

import "go.uber.org/fx"

// Module provides every repository behind its interface.
var Module = fx.Module("store",
	fx.Provide(
		fx.Annotate(NewCourseStore, fx.As(new(CourseStore))),
		fx.Annotate(NewTeeTimeStore, fx.As(new(TeeTimeStore))),
		fx.Annotate(NewBookingStore, fx.As(new(BookingStore))),
		fx.Annotate(NewCreditStore, fx.As(new(CreditStore))),
		fx.Annotate(NewMemberStore, fx.As(new(MemberStore))),
		fx.Annotate(NewIdempotencyStore, fx.As(new(IdempotencyStore))),
		fx.Annotate(NewWebhookEventStore, fx.As(new(WebhookEventStore))),
		fx.Annotate(NewWaitlistStore, fx.As(new(WaitlistStore))),
		fx.Annotate(NewOfferStore, fx.As(new(OfferStore))),
		fx.Annotate(NewVoucherStore, fx.As(new(VoucherStore))),
		fx.Annotate(NewAccountStore, fx.As(new(AccountStore))),
		fx.Annotate(NewLedgerStore, fx.As(new(LedgerStore))),
		fx.Annotate(NewPOSInboxStore, fx.As(new(POSInboxStore))),
		fx.Annotate(NewCartRentalStore, fx.As(new(CartRentalStore))),
		fx.Annotate(NewTournamentStore, fx.As(new(TournamentStore))),
		fx.Annotate(NewEntryStore, fx.As(new(EntryStore))),
		fx.Annotate(NewAwardStore, fx.As(new(AwardStore))),
		fx.Annotate(NewTransferAttemptStore, fx.As(new(TransferAttemptStore))),
		fx.Annotate(NewClosureStore, fx.As(new(ClosureStore))),
		fx.Annotate(NewRainCheckStore, fx.As(new(RainCheckStore))),
		fx.Annotate(NewContractorStore, fx.As(new(ContractorStore))),
		fx.Annotate(NewSessionStore, fx.As(new(SessionStore))),
		fx.Annotate(NewPayoutStore, fx.As(new(PayoutStore))),
	),
)
