// Package redemption turns miles into award tickets and cabin upgrades.
package redemption

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/idem"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/ports"
	"github.com/northwind-air/mileage/internal/provider/reservation"
)

// cancellationFee is kept when a member cancels an award ticket.
const cancellationFee int64 = 3000

// Service handles member redemption requests from the API.
type Service struct {
	tx           ports.TxRunner
	members      ports.Members
	redemptions  ports.Redemptions
	ledger       ports.Ledger
	reservations ports.Reservations
	queue        ports.Enqueuer
}

// NewService returns a Service.
func NewService(tx ports.TxRunner, members ports.Members, redemptions ports.Redemptions, ledger ports.Ledger,
	reservations ports.Reservations, queue *messaging.RedemptionQueue) *Service {
	return &Service{
		tx:           tx,
		members:      members,
		redemptions:  redemptions,
		ledger:       ledger,
		reservations: reservations,
		queue:        queue,
	}
}

// AwardRequest is the body of POST /members/{id}/redemptions.
type AwardRequest struct {
	OfferCode   string             `json:"offerCode"`
	Origin      string             `json:"origin"`
	Destination string             `json:"destination"`
	FlightDate  string             `json:"flightDate"`
	Cabin       string             `json:"cabin"`
	Miles       int64              `json:"miles"`
	Passengers  []domain.Passenger `json:"passengers"`
}

// Validate checks the request.
func (r *AwardRequest) Validate() error {
	if r.OfferCode == "" || len(r.Origin) != 3 || len(r.Destination) != 3 {
		return fmt.Errorf("offerCode, origin and destination are required")
	}
	if _, err := time.Parse(time.DateOnly, r.FlightDate); err != nil {
		return fmt.Errorf("flightDate: %w", err)
	}
	if r.Miles <= 0 || len(r.Passengers) == 0 || len(r.Passengers) > 9 {
		return fmt.Errorf("miles and 1-9 passengers are required")
	}
	return nil
}

// UpgradeRequest is the body of POST /members/{id}/upgrades.
type UpgradeRequest struct {
	PNR         string `json:"pnr"`
	SegmentRef  string `json:"segmentRef"`
	TargetCabin string `json:"targetCabin"`
	Miles       int64  `json:"miles"`
}

// Validate checks the request.
func (r *UpgradeRequest) Validate() error {
	if len(r.PNR) != 6 || r.SegmentRef == "" || r.TargetCabin == "" || r.Miles <= 0 {
		return fmt.Errorf("pnr, segmentRef, targetCabin and miles are required")
	}
	return nil
}

// RequestAward records an award request under the caller's idempotency key
// and queues it for booking.
func (s *Service) RequestAward(ctx context.Context, memberID string, req AwardRequest) (domain.Redemption, error) {
	fd, _ := time.Parse(time.DateOnly, req.FlightDate)
	return s.request(ctx, domain.Redemption{
		MemberID:    memberID,
		Kind:        domain.RedemptionAward,
		OfferCode:   req.OfferCode,
		Origin:      req.Origin,
		Destination: req.Destination,
		FlightDate:  fd,
		Cabin:       req.Cabin,
		Passengers:  req.Passengers,
		Miles:       req.Miles,
	})
}

// RequestUpgrade records an upgrade request and queues it.
func (s *Service) RequestUpgrade(ctx context.Context, memberID string, req UpgradeRequest) (domain.Redemption, error) {
	return s.request(ctx, domain.Redemption{
		MemberID:   memberID,
		Kind:       domain.RedemptionUpgrade,
		OfferCode:  "UPG-" + req.TargetCabin,
		Cabin:      req.TargetCabin,
		PNR:        req.PNR,
		SegmentRef: req.SegmentRef,
		Miles:      req.Miles,
	})
}

func (s *Service) request(ctx context.Context, in domain.Redemption) (domain.Redemption, error) {
	key, ok := idem.KeyFrom(ctx)
	if !ok {
		return domain.Redemption{}, fmt.Errorf("%w: Idempotency-Key required", domain.ErrInvalid)
	}
	m, err := s.members.Get(ctx, in.MemberID)
	if err != nil {
		return domain.Redemption{}, err
	}
	if m.Balance < in.Miles {
		return domain.Redemption{}, domain.ErrInsufficientMiles
	}
	in.ID = uuid.NewString()
	in.RequestKey = key
	r, _, err := s.redemptions.CreateRequested(ctx, in)
	if err != nil {
		return domain.Redemption{}, err
	}
	if r.Status != domain.RedemptionRequested {
		return r, nil
	}
	msg := messaging.RedemptionMessage{Kind: r.Kind, RedemptionID: r.ID, MemberID: r.MemberID}
	if _, err := messaging.SendTyped(ctx, s.queue, msg, messaging.Dedup(r.ID)); err != nil {
		return domain.Redemption{}, err
	}
	return r, nil
}

// Cancel cancels a ticketed award and returns the miles less the fee.
func (s *Service) Cancel(ctx context.Context, memberID, redemptionID string) (domain.Redemption, error) {
	r, err := s.redemptions.Get(ctx, redemptionID)
	if err != nil {
		return domain.Redemption{}, err
	}
	if r.MemberID != memberID {
		return domain.Redemption{}, domain.ErrNotFound
	}
	switch r.Status {
	case domain.RedemptionCancelled, domain.RedemptionCancelledByAirline:
		return r, nil
	case domain.RedemptionTicketed:
	default:
		return domain.Redemption{}, fmt.Errorf("%w: redemption is %s", domain.ErrConflict, r.Status)
	}
	if r.Kind != domain.RedemptionAward {
		return domain.Redemption{}, fmt.Errorf("%w: upgrades cannot be cancelled online", domain.ErrConflict)
	}
	if err := s.reservations.CancelBooking(ctx, r.PNR, reservation.WithReference("cxl-"+r.PNR)); err != nil {
		return domain.Redemption{}, fmt.Errorf("cancel %s: %w", r.PNR, err)
	}
	err = s.tx.Do(ctx, func(ctx context.Context) error {
		moved, err := s.redemptions.Transition(ctx, r.ID, domain.RedemptionTicketed, domain.RedemptionCancelled)
		if err != nil || !moved {
			return err
		}
		_, err = s.ledger.Post(ctx, domain.Posting{
			MemberID:  r.MemberID,
			Kind:      domain.KindRefund,
			Miles:     max(r.Miles-cancellationFee, 0),
			Source:    "redemption-cancel",
			SourceRef: r.ID,
			Memo:      "award cancelled " + r.PNR,
		})
		return err
	})
	if err != nil {
		return domain.Redemption{}, err
	}
	r.Status = domain.RedemptionCancelled
	return r, nil
}
