package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/events"
	"github.com/aerolounge/loungepass/internal/provider/cardnet"
	"github.com/aerolounge/loungepass/internal/repository"
)

type CredentialType string

const (
	CredentialMembership   CredentialType = "membership"
	CredentialDayPass      CredentialType = "day_pass"
	CredentialCard         CredentialType = "card"
	CredentialBoardingPass CredentialType = "boarding_pass"
)

// Credential is what the door scanner read: a membership QR, a day pass QR,
// a tapped card's network token, or a boarding pass barcode.
type Credential struct {
	Type         CredentialType `json:"type"`
	MembershipID uuid.UUID      `json:"membership_id,omitempty"`
	DayPassID    uuid.UUID      `json:"day_pass_id,omitempty"`
	CardToken    string         `json:"card_token,omitempty"`
	AirlineCode  string         `json:"airline_code,omitempty"`
	PNR          string         `json:"pnr,omitempty"`
	FlightDate   time.Time      `json:"flight_date,omitempty"`
	PassengerSeq int            `json:"passenger_seq,omitempty"`
}

type CheckInInput struct {
	LoungeCode string
	ScanID     string
	DeviceID   string
	Credential Credential
}

// DeniedError carries the reason shown on the door display.
type DeniedError struct{ Reason string }

func (e *DeniedError) Error() string { return "access denied: " + e.Reason }
func (e *DeniedError) Unwrap() error { return domain.ErrNotEntitled }

type AccessService interface {
	CheckIn(ctx context.Context, in CheckInInput) (domain.Visit, error)
	CheckOut(ctx context.Context, visitID uuid.UUID) (domain.Visit, error)
}

type accessService struct {
	catalog     Catalog
	memberships MembershipStore
	passes      DayPassStore
	cards       CardStore
	partners    PartnerStore
	visits      VisitStore
	cardnet     CardNetwork
	topic       string
	newID       NewIDFunc
	now         NowFunc
	log         *slog.Logger
}

func NewAccessService(catalog Catalog, ms MembershipStore, passes DayPassStore, cards CardStore, partners PartnerStore,
	visits VisitStore, cn CardNetwork, visitsTopic string, newID NewIDFunc, now NowFunc, log *slog.Logger) AccessService {
	return &accessService{
		catalog: catalog, memberships: ms, passes: passes, cards: cards, partners: partners,
		visits: visits, cardnet: cn, topic: visitsTopic, newID: newID, now: now, log: log,
	}
}

// CheckIn decides whether the credential admits its holder and records the
// visit under the scanner's scan ID.
func (s *accessService) CheckIn(ctx context.Context, in CheckInInput) (domain.Visit, error) {
	if in.ScanID == "" || in.DeviceID == "" {
		return domain.Visit{}, fmt.Errorf("scan_id and device_id are required: %w", domain.ErrValidation)
	}
	lounge, err := s.catalog.LoungeByCode(ctx, in.LoungeCode)
	if err != nil {
		return domain.Visit{}, err
	}
	// Scanners resend a scan when the door display times out; answer with the
	// visit we already admitted.
	if v, err := s.visits.GetByScanID(ctx, in.ScanID); err == nil {
		return v, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return domain.Visit{}, err
	}
	now := s.now()
	occupied, err := s.catalog.Occupancy(ctx, lounge.ID)
	if err != nil {
		return domain.Visit{}, err
	}
	if occupied >= lounge.Capacity {
		s.logAttempt(ctx, lounge.ID, in, "denied", "capacity")
		return domain.Visit{}, domain.ErrLoungeAtCapacity
	}

	nv := repository.NewVisit{
		Visit: domain.Visit{
			ID:        s.newID(),
			LoungeID:  lounge.ID,
			ScanID:    in.ScanID,
			EnteredAt: now,
		},
		Event: s.visitEvent(events.TypeVisitStarted),
	}
	if err := s.resolve(ctx, lounge, in.Credential, now, &nv); err != nil {
		var denied *DeniedError
		if errors.As(err, &denied) {
			s.logAttempt(ctx, lounge.ID, in, "denied", denied.Reason)
		}
		return domain.Visit{}, err
	}
	v, created, err := s.visits.Record(ctx, nv)
	if err != nil {
		return domain.Visit{}, fmt.Errorf("record visit: %w", err)
	}
	if created {
		s.logAttempt(ctx, lounge.ID, in, "admitted", string(v.EntitlementType))
	}
	return v, nil
}

// resolve checks the credential and fills in the entitlement on nv.
func (s *accessService) resolve(ctx context.Context, lounge domain.Lounge, c Credential, now time.Time, nv *repository.NewVisit) error {
	v := &nv.Visit
	switch c.Type {
	case CredentialMembership:
		m, err := s.memberships.Get(ctx, c.MembershipID)
		if errors.Is(err, domain.ErrNotFound) {
			return &DeniedError{Reason: "unknown membership"}
		}
		if err != nil {
			return err
		}
		if !m.IsValidAt(now) {
			return &DeniedError{Reason: "membership not active"}
		}
		v.MemberID = &m.MemberID
		v.EntitlementType = domain.EntitlementMembership
		v.EntitlementRef = m.ID.String()

	case CredentialDayPass:
		p, err := s.passes.Get(ctx, c.DayPassID)
		if errors.Is(err, domain.ErrNotFound) {
			return &DeniedError{Reason: "unknown day pass"}
		}
		if err != nil {
			return err
		}
		if !p.UsableAt(lounge.ID, now) {
			return &DeniedError{Reason: "day pass not valid here or now"}
		}
		v.MemberID = p.MemberID
		v.EntitlementType = domain.EntitlementDayPass
		v.EntitlementRef = p.ID.String()
		nv.UseDayPass = &p.ID

	case CredentialCard:
		card, err := s.cards.GetByToken(ctx, c.CardToken)
		if errors.Is(err, domain.ErrNotFound) {
			return &DeniedError{Reason: "card not linked"}
		}
		if err != nil {
			return err
		}
		ent, err := s.cardnet.Entitlement(ctx, card.NetworkToken, lounge.Code)
		if err != nil {
			return err
		}
		if !ent.Eligible || ent.RemainingVisits <= 0 {
			return &DeniedError{Reason: "card benefit exhausted"}
		}
		red, err := s.cardnet.Redeem(ctx, cardnet.RedeemRequest{
			NetworkToken: card.NetworkToken,
			LoungeCode:   lounge.Code,
			AirportIATA:  lounge.AirportIATA,
			VisitTime:    now,
		})
		if err != nil {
			return fmt.Errorf("redeem card visit: %w", err)
		}
		remaining := red.RemainingVisits
		v.MemberID = &card.MemberID
		v.EntitlementType = domain.EntitlementCard
		v.EntitlementRef = red.RedemptionID
		nv.Redemption = &domain.CardRedemption{
			ID:                  s.newID(),
			CardID:              card.ID,
			NetworkRedemptionID: red.RedemptionID,
			RemainingVisits:     &remaining,
		}

	case CredentialBoardingPass:
		e, err := s.partners.FindEligibility(ctx, c.AirlineCode, c.PNR, c.FlightDate, c.PassengerSeq)
		if errors.Is(err, domain.ErrNotFound) {
			return &DeniedError{Reason: "no airline entitlement"}
		}
		if err != nil {
			return err
		}
		if d := now.Sub(e.FlightDate); d < -24*time.Hour || d > 48*time.Hour {
			return &DeniedError{Reason: "boarding pass not for today"}
		}
		code := e.AirlineCode
		v.AirlineCode = &code
		v.EntitlementType = domain.EntitlementAirline
		v.EntitlementRef = fmt.Sprintf("%s/%s/%s/%d", e.AirlineCode, e.PNR, e.FlightDate.Format("2006-01-02"), e.PassengerSeq)

	default:
		return fmt.Errorf("unknown credential type %q: %w", c.Type, domain.ErrValidation)
	}
	return nil
}

// CheckOut closes the visit. Closing an already closed visit returns it as is.
func (s *accessService) CheckOut(ctx context.Context, visitID uuid.UUID) (domain.Visit, error) {
	v, _, err := s.visits.Close(ctx, visitID, s.now(), s.visitEvent(events.TypeVisitCompleted))
	return v, err
}

// visitEvent builds the outbox row for a visit event; it is written in the
// same transaction as the visit change.
func (s *accessService) visitEvent(eventType string) func(domain.Visit) (domain.OutboxEvent, error) {
	return func(v domain.Visit) (domain.OutboxEvent, error) {
		payload, err := json.Marshal(events.VisitPayloadFrom(v))
		if err != nil {
			return domain.OutboxEvent{}, err
		}
		key := v.ID.String()
		if v.MemberID != nil {
			key = v.MemberID.String()
		}
		return domain.OutboxEvent{
			ID:           s.newID(),
			Topic:        s.topic,
			PartitionKey: key,
			EventType:    eventType,
			Payload:      payload,
		}, nil
	}
}

// logAttempt appends to the door log. Failures are logged, not returned:
// the door decision stands either way.
func (s *accessService) logAttempt(ctx context.Context, loungeID uuid.UUID, in CheckInInput, outcome, reason string) {
	err := s.visits.LogAttempt(ctx, domain.AccessAttempt{
		ID:        s.newID(),
		LoungeID:  loungeID,
		ScanID:    in.ScanID,
		DeviceID:  in.DeviceID,
		Outcome:   outcome,
		Reason:    reason,
		CreatedAt: s.now(),
	})
	if err != nil {
		s.log.WarnContext(ctx, "access log write failed", "scan_id", in.ScanID, "err", err)
	}
}
