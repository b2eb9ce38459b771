package cards

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/cardnetwork"
)

const issueScope = "cards.issue"

// Service implements the card lifecycle operations.
type Service struct {
	uow     pg.UnitOfWork[Repo]
	network Network
	jobs    jobargs.Enqueuer
}

// New builds a Service.
func New(uow pg.UnitOfWork[Repo], network Network, jobs jobargs.Enqueuer) *Service {
	return &Service{uow: uow, network: network, jobs: jobs}
}

// Issue orders a card from the network and records it. The client's
// Idempotency-Key is forwarded to the network so a resent request gets the
// same card back.
func (s *Service) Issue(ctx context.Context, cmd IssueCard) (domain.Card, error) {
	q := s.uow.Q()
	if prior, err := q.StoredResponse(ctx, issueScope, cmd.IdempotencyKey); err != nil {
		return domain.Card{}, err
	} else if prior != nil {
		var card domain.Card
		if err := json.Unmarshal(prior.Body, &card); err != nil {
			return domain.Card{}, fmt.Errorf("decode stored response: %w", err)
		}
		return card, nil
	}

	fleet, err := q.FleetByID(ctx, cmd.FleetID)
	if err != nil {
		return domain.Card{}, err
	}
	driver, err := q.DriverByID(ctx, cmd.DriverID)
	if err != nil {
		return domain.Card{}, err
	}
	if driver.FleetID != fleet.ID {
		return domain.Card{}, domain.Invalid("driver_id", "belongs to another fleet")
	}

	issued, err := s.network.IssueCard(ctx, cardnetwork.IssueCardRequest{
		AccountID:     fleet.NetworkAccountID,
		Cardholder:    driver.FullName,
		EmbossLine2:   cmd.VehicleLabel,
		ShippingPhone: driver.PhoneE164,
		Controls: cardnetwork.SpendControls{
			DailyLimitCents:  cmd.DailyLimitCents,
			PerTxnLimitCents: cmd.PerTxnLimitCents,
			AllowedMCCs:      fuelMCCs,
		},
	}, cardnetwork.WithIdempotencyKey(issueScope+":"+cmd.IdempotencyKey))
	if err != nil {
		return domain.Card{}, fmt.Errorf("network issue card: %w", err)
	}

	var card domain.Card
	err = s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
		var err error
		card, err = q.UpsertIssuedCard(ctx, domain.Card{
			ID:               uuid.New(),
			FleetID:          fleet.ID,
			DriverID:         driver.ID,
			NetworkCardID:    issued.ID,
			Last4:            issued.Last4,
			DailyLimitCents:  cmd.DailyLimitCents,
			PerTxnLimitCents: cmd.PerTxnLimitCents,
		})
		if err != nil {
			return err
		}
		return q.SaveResponse(ctx, issueScope, cmd.IdempotencyKey, http.StatusCreated, card)
	})
	return card, err
}

// Activate activates a delivered card after the driver confirms its last
// four digits, and texts the driver a confirmation.
func (s *Service) Activate(ctx context.Context, cmd ActivateCard) (domain.Card, error) {
	q := s.uow.Q()
	card, err := q.CardByID(ctx, cmd.CardID)
	if err != nil {
		return domain.Card{}, err
	}
	if card.Last4 != cmd.Last4 {
		return domain.Card{}, domain.Invalid("last4", "does not match the card")
	}
	if card.Status == domain.CardActive {
		return card, nil
	}
	if card.Status != domain.CardIssued {
		return domain.Card{}, fmt.Errorf("activate %s card: %w", card.Status, domain.ErrConflict)
	}
	driver, err := q.DriverByID(ctx, card.DriverID)
	if err != nil {
		return domain.Card{}, err
	}

	if err := s.network.ActivateCard(ctx, card.NetworkCardID,
		cardnetwork.WithIdempotencyKey("activate:"+card.ID.String())); err != nil {
		return domain.Card{}, fmt.Errorf("network activate: %w", err)
	}

	err = s.uow.InTx(ctx, func(q Repo, tx pgx.Tx) error {
		activated, err := q.ActivateCard(ctx, card.ID)
		if err != nil || !activated {
			return err
		}
		alertID, err := q.InsertAlert(ctx, domain.SMSAlert{
			DriverID:  driver.ID,
			CardID:    &card.ID,
			Template:  "card_activated",
			PhoneE164: driver.PhoneE164,
			Body:      fmt.Sprintf("Your fuel card ending %s is active. Reply STOP to opt out.", card.Last4),
		})
		if err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.SMSAlert{AlertID: alertID}, nil)
		return err
	})
	if err != nil {
		return domain.Card{}, err
	}
	card.Status = domain.CardActive
	return card, nil
}

// Replace closes the card at the network, orders its replacement, and links
// the two cards.
func (s *Service) Replace(ctx context.Context, cmd ReplaceCard) (domain.Card, error) {
	q := s.uow.Q()
	old, err := q.CardByID(ctx, cmd.CardID)
	if err != nil {
		return domain.Card{}, err
	}
	switch old.Status {
	case domain.CardIssued, domain.CardActive, domain.CardSuspended:
	default:
		return domain.Card{}, fmt.Errorf("replace %s card: %w", old.Status, domain.ErrConflict)
	}

	issued, err := s.network.ReplaceCard(ctx, old.NetworkCardID, cardnetwork.ReplaceRequest{
		Reason:   cmd.Reason,
		Expedite: cmd.Expedite,
	}, cardnetwork.WithIdempotencyKey(uuid.NewString()))
	if err != nil {
		return domain.Card{}, fmt.Errorf("network replace: %w", err)
	}

	replacement := domain.Card{
		ID:               uuid.New(),
		FleetID:          old.FleetID,
		DriverID:         old.DriverID,
		NetworkCardID:    issued.ID,
		Last4:            issued.Last4,
		Status:           domain.CardIssued,
		DailyLimitCents:  old.DailyLimitCents,
		PerTxnLimitCents: old.PerTxnLimitCents,
	}
	err = s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
		if err := q.InsertCard(ctx, replacement); err != nil {
			return err
		}
		return q.MarkCardReplaced(ctx, old.ID, replacement.ID)
	})
	return replacement, err
}

// SetLimits pushes new spend controls to the network and stores them.
func (s *Service) SetLimits(ctx context.Context, cmd SetLimits) (domain.Card, error) {
	q := s.uow.Q()
	card, err := q.CardByID(ctx, cmd.CardID)
	if err != nil {
		return domain.Card{}, err
	}
	ctl := cardnetwork.SpendControls{
		DailyLimitCents:  cmd.DailyLimitCents,
		PerTxnLimitCents: cmd.PerTxnLimitCents,
		AllowedMCCs:      fuelMCCs,
	}
	if err := s.network.SetSpendControls(ctx, card.NetworkCardID, ctl,
		cardnetwork.WithIdempotencyKey(controlsKey(card.ID, ctl))); err != nil {
		return domain.Card{}, fmt.Errorf("network set controls: %w", err)
	}
	ok, err := q.SetCardLimits(ctx, card.ID, cmd.DailyLimitCents, cmd.PerTxnLimitCents)
	if err != nil {
		return domain.Card{}, err
	}
	if !ok {
		return domain.Card{}, domain.ErrCardNotUsable
	}
	card.DailyLimitCents, card.PerTxnLimitCents = cmd.DailyLimitCents, cmd.PerTxnLimitCents
	return card, nil
}

// controlsKey derives the network idempotency key from the card and the
// requested controls, so resending the same change is recognised.
func controlsKey(cardID uuid.UUID, ctl cardnetwork.SpendControls) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%d|%d", cardID, ctl.DailyLimitCents, ctl.PerTxnLimitCents)
	return "controls:" + hex.EncodeToString(h.Sum(nil))[:32]
}

// fuelMCCs are the merchant category codes fleet cards may be used at.
var fuelMCCs = []string{"5541", "5542", "5983", "7511"}
