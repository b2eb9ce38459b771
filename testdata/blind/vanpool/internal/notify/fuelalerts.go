// Package notify composes and sends the texts that go to drivers about their
// van's fuel card.
package notify

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/money"
	"github.com/pooltrack/vanpool/internal/provider/fuelcard"
	"github.com/pooltrack/vanpool/internal/provider/sms"
)

// Sender is implemented by *sms.Client.
type Sender interface {
	Send(ctx context.Context, msg sms.Message) (*sms.Result, error)
}

// DriverLookup finds who is driving a van.
type DriverLookup interface {
	DriverContact(ctx context.Context, vanpoolID uuid.UUID, cardDriver *uuid.UUID) (*domain.Recipient, error)
}

// FuelAlerts texts drivers when their fuel card is declined at the pump.
type FuelAlerts struct {
	sms     Sender
	drivers DriverLookup
	log     *slog.Logger
}

// NewFuelAlerts returns a FuelAlerts.
func NewFuelAlerts(s Sender, drivers DriverLookup, log *slog.Logger) *FuelAlerts {
	return &FuelAlerts{sms: s, drivers: drivers, log: log.With("component", "fuel-alerts")}
}

// DeclineAlert tells the van's driver why the card was declined and what to do.
// A van with no reachable driver is logged and skipped.
func (a *FuelAlerts) DeclineAlert(ctx context.Context, card *domain.FuelCard, d fuelcard.Decline) error {
	driver, err := a.drivers.DriverContact(ctx, card.VanpoolID, card.DriverMemberID)
	if err != nil {
		return err
	}
	if driver == nil || driver.PhoneE164 == "" {
		a.log.Warn("no driver to alert", "vanpool", card.VanpoolID, "card", card.Last4)
		return nil
	}
	body := fmt.Sprintf(
		"Vanpool fuel card ending %s was declined at %s for %s (%s). Reply HELP or call the fleet desk.",
		card.Last4, d.MerchantName, money.Cents(d.AmountCents).String(), fuelcard.DeclineReasonText(d.ReasonCode))
	res, err := a.sms.Send(ctx, sms.Message{To: driver.PhoneE164, Body: body, Tag: "fuel-decline"})
	if err != nil {
		return fmt.Errorf("decline alert: %w", err)
	}
	a.log.Info("decline alert sent", "vanpool", card.VanpoolID, "message", res.MessageID)
	return nil
}
