// Package rentals runs the skate-rental counter: checkout against a card
// deposit hold, and returns that release or capture the deposit.
package rentals

import (
	"context"
	"errors"
	"regexp"

	"github.com/google/uuid"
	"github.com/google/wire"

	"github.com/frostline-arena/rinkops/internal/providers/cardpay"
)

var ProviderSet = wire.NewSet(NewStore, wire.Bind(new(Repository), new(*Store)), NewCommands)

// DepositCents is the hold placed per pair of rental skates.
const DepositCents = 6000

// Checkout is sent by the counter kiosk. TicketNo is printed on the claim
// tag before the kiosk calls us and is reused when the kiosk retries.
type Checkout struct {
	TicketNo  string
	RinkID    string
	SkateSize string
	CardToken string
	MemberID  *uuid.UUID

	RentalID *uuid.UUID // out
}

var ticketPattern = regexp.MustCompile(`^[A-Z]{2}-\d{6}$`)

func (c Checkout) Validate() error {
	switch {
	case !ticketPattern.MatchString(c.TicketNo):
		return errors.New("ticket_no must look like AB-123456")
	case c.CardToken == "":
		return errors.New("card_token is required")
	case c.SkateSize == "":
		return errors.New("skate_size is required")
	}
	return nil
}

type Return struct {
	RentalID    uuid.UUID
	DamageCents int32
}

func (c Return) Validate() error {
	if c.DamageCents < 0 || c.DamageCents > DepositCents {
		return errors.New("damage_cents must be between 0 and the deposit")
	}
	return nil
}

// Deposits is the Cardpay surface used for rental deposits.
type Deposits interface {
	AuthorizeHold(ctx context.Context, req cardpay.HoldRequest, opts ...cardpay.CallOption) (*cardpay.Hold, error)
	CaptureHold(ctx context.Context, holdID string, amountCents int64, opts ...cardpay.CallOption) (*cardpay.Charge, error)
	ReleaseHold(ctx context.Context, holdID string, opts ...cardpay.CallOption) error
}
