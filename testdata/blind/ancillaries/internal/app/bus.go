package app

import (
	"log/slog"

	"github.com/skyway-air/ancillaries/internal/command"
)

// Commands is the command bus of the HTTP API: one decorated handler per
// command type.
type Commands struct {
	PurchaseSeat       command.Handler[PurchaseSeat]
	HoldSeat           command.Handler[HoldSeat]
	AddBaggage         command.Handler[AddBaggage]
	BuyLoungePass      command.Handler[BuyLoungePass]
	RedeemLoungePass   command.Handler[RedeemLoungePass]
	UpgradeMeal        command.Handler[UpgradeMeal]
	ConfirmPayment     command.Handler[ConfirmPayment]
	CancelItem         command.Handler[CancelItem]
	UpdateContact      command.Handler[UpdateContact]
	ResendConfirmation command.Handler[ResendConfirmation]
	GrantGoodwillMiles command.Handler[GrantGoodwillMiles]
	ReissueEMD         command.Handler[ReissueEMD]
}

// NewCommands builds the bus with logging, metrics and validation around
// every handler.
func NewCommands(d Deps, m *command.Metrics) Commands {
	l := d.log()
	return Commands{
		PurchaseSeat:       decorate[PurchaseSeat](NewPurchaseSeatHandler(d), l, m),
		HoldSeat:           decorate[HoldSeat](NewHoldSeatHandler(d), l, m),
		AddBaggage:         decorate[AddBaggage](NewAddBaggageHandler(d), l, m),
		BuyLoungePass:      decorate[BuyLoungePass](NewBuyLoungePassHandler(d), l, m),
		RedeemLoungePass:   decorate[RedeemLoungePass](NewRedeemLoungePassHandler(d), l, m),
		UpgradeMeal:        decorate[UpgradeMeal](NewUpgradeMealHandler(d), l, m),
		ConfirmPayment:     decorate[ConfirmPayment](NewConfirmPaymentHandler(d), l, m),
		CancelItem:         decorate[CancelItem](NewCancelItemHandler(d), l, m),
		UpdateContact:      decorate[UpdateContact](NewUpdateContactHandler(d), l, m),
		ResendConfirmation: decorate[ResendConfirmation](NewResendConfirmationHandler(d), l, m),
		GrantGoodwillMiles: decorate[GrantGoodwillMiles](NewGrantGoodwillMilesHandler(d), l, m),
		ReissueEMD:         decorate[ReissueEMD](NewReissueEMDHandler(d), l, m),
	}
}

func decorate[C any](h command.Handler[C], l *slog.Logger, m *command.Metrics) command.Handler[C] {
	return command.Decorate(h,
		command.WithLogging[C](l),
		command.WithMetrics[C](m),
		command.WithValidation[C](),
	)
}
