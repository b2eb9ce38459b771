package rewards

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/rs/xid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
)

var ticketNumber = regexp.MustCompile(`^[0-9]{13}$`)

// ClaimService accepts missing-credit claims. Claims are worked by the
// service desk, who credit the miles by hand after checking the coupon.
type ClaimService struct {
	accruals ports.Accruals
	events   ports.EventPublisher
}

// NewClaimService returns a ClaimService.
func NewClaimService(accruals ports.Accruals, events ports.EventPublisher) *ClaimService {
	return &ClaimService{accruals: accruals, events: events}
}

// ClaimRequest is the body of POST /members/{id}/claims.
type ClaimRequest struct {
	TicketNumber string `json:"ticketNumber"`
	FlightNumber string `json:"flightNumber"`
	FlightDate   string `json:"flightDate"`
}

// Validate checks the request.
func (r *ClaimRequest) Validate() error {
	if !ticketNumber.MatchString(r.TicketNumber) {
		return fmt.Errorf("ticketNumber must be 13 digits")
	}
	d, err := time.Parse(time.DateOnly, r.FlightDate)
	if err != nil {
		return fmt.Errorf("flightDate: %w", err)
	}
	if time.Since(d) > 180*24*time.Hour || d.After(time.Now()) {
		return fmt.Errorf("claims are accepted for flights in the last 6 months")
	}
	return nil
}

// Submit opens a claim and notifies the service desk queue.
func (s *ClaimService) Submit(ctx context.Context, memberID string, req ClaimRequest) (domain.RetroClaim, error) {
	fd, _ := time.Parse(time.DateOnly, req.FlightDate)
	c := domain.RetroClaim{
		ID:           xid.New().String(),
		MemberID:     memberID,
		TicketNumber: req.TicketNumber,
		FlightNumber: req.FlightNumber,
		FlightDate:   fd,
		Status:       "open",
		CreatedAt:    time.Now().UTC(),
	}
	if err := s.accruals.InsertRetroClaim(ctx, c); err != nil {
		return domain.RetroClaim{}, err
	}
	if err := s.events.Publish(ctx, "claim.opened", memberID, "claim-"+c.ID, c); err != nil {
		return domain.RetroClaim{}, err
	}
	return c, nil
}
