// Package transfer converts miles into hotel partner points.
package transfer

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/idem"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/ports"
)

// Rate converts miles to partner points.
type Rate struct {
	ProgramCode string
	Points      int64 // points per Per miles
	Per         int64
	MinMiles    int64
}

// Rates are the published conversion rates by partner code.
var Rates = map[string]Rate{
	"HRZ": {ProgramCode: "HORIZON_REWARDS", Points: 2, Per: 1, MinMiles: 5000},
	"AUB": {ProgramCode: "AUBERGE_CLUB", Points: 1, Per: 1, MinMiles: 5000},
	"CSL": {ProgramCode: "COASTLINE_POINTS", Points: 3, Per: 2, MinMiles: 10000},
}

// Service accepts transfer requests from the member API.
type Service struct {
	members   ports.Members
	ledger    ports.Ledger
	transfers ports.Transfers
	queue     ports.Enqueuer
}

// NewService returns a Service.
func NewService(members ports.Members, ledger ports.Ledger, transfers ports.Transfers, queue *messaging.TransferQueue) *Service {
	return &Service{members: members, ledger: ledger, transfers: transfers, queue: queue}
}

// Request is the body of POST /members/{id}/transfers.
type Request struct {
	PartnerCode     string `json:"partnerCode"`
	PartnerMemberID string `json:"partnerMemberId"`
	Miles           int64  `json:"miles"`
}

// Validate checks the request against the partner's rules.
func (r *Request) Validate() error {
	rate, ok := Rates[r.PartnerCode]
	if !ok {
		return fmt.Errorf("unknown partner %q", r.PartnerCode)
	}
	if r.PartnerMemberID == "" {
		return fmt.Errorf("partnerMemberId is required")
	}
	if r.Miles < rate.MinMiles || r.Miles%1000 != 0 {
		return fmt.Errorf("miles must be a multiple of 1000 and at least %d", rate.MinMiles)
	}
	return nil
}

// Request debits the miles and queues the transfer for the partner.
func (s *Service) Request(ctx context.Context, memberID string, req Request) (domain.Transfer, error) {
	key, ok := idem.KeyFrom(ctx)
	if !ok {
		return domain.Transfer{}, fmt.Errorf("%w: Idempotency-Key required", domain.ErrInvalid)
	}
	rate := Rates[req.PartnerCode]

	// Take the miles first: a transfer row must never exist for miles the
	// member no longer has.
	if _, err := s.ledger.Post(ctx, domain.Posting{
		MemberID: memberID,
		Kind:     domain.KindTransfer,
		Miles:    -req.Miles,
		Source:   "hotel-transfer",
		Memo:     fmt.Sprintf("%s %s", req.PartnerCode, req.PartnerMemberID),
	}); err != nil {
		return domain.Transfer{}, err
	}

	t, created, err := s.transfers.Create(ctx, domain.Transfer{
		ID:              uuid.NewString(),
		MemberID:        memberID,
		ClientKey:       key,
		PartnerCode:     req.PartnerCode,
		PartnerMemberID: req.PartnerMemberID,
		Miles:           req.Miles,
		PartnerPoints:   req.Miles * rate.Points / rate.Per,
	})
	if err != nil {
		return domain.Transfer{}, err
	}
	if created || t.Status == domain.TransferPending {
		msg := messaging.TransferMessage{Action: "submit", TransferID: t.ID, MemberID: memberID}
		if _, err := messaging.SendTyped(ctx, s.queue, msg, messaging.Dedup("submit-"+t.ID)); err != nil {
			return domain.Transfer{}, err
		}
	}
	return t, nil
}
