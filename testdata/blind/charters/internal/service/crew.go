package service

import (
	"context"
	"fmt"

	"github.com/saltline-charters/charterhub/internal/store"
)

// Crew assigns deckhands and mates to a trip.
type Crew struct {
	q  store.Querier
	tx TxRunner
}

func NewCrew(q store.Querier, tx TxRunner) *Crew {
	return &Crew{q: q, tx: tx}
}

type Assignment struct {
	CrewMemberID string
	Role         string
	Hours        int32
}

var crewRoles = map[string]bool{"mate": true, "deckhand": true, "guide": true, "chef": true}

// Assign crews a trip. A trip is crewed once; changes after that go
// through the ops team.
func (s *Crew) Assign(ctx context.Context, tripID string, crew []Assignment) error {
	if len(crew) == 0 {
		return invalid("at least one crew member is required")
	}
	trip, err := s.q.GetTrip(ctx, tripID)
	if err != nil {
		return notFound("trip", err)
	}
	for _, a := range crew {
		if !crewRoles[a.Role] {
			return invalid("unknown role %q", a.Role)
		}
		if a.Hours <= 0 {
			return invalid("hours must be positive for %s", a.CrewMemberID)
		}
		m, err := s.q.GetCrewMember(ctx, a.CrewMemberID)
		if err != nil {
			return notFound("crew member "+a.CrewMemberID, err)
		}
		if m.SkipperID != trip.SkipperID {
			return invalid("crew member %s does not sail with skipper %s", m.ID, trip.SkipperID)
		}
	}

	// Claim the trip first so two devices on the same skipper account
	// cannot crew it at the same time.
	n, err := s.q.MarkTripCrewed(ctx, trip.ID)
	if err != nil {
		return err
	}
	if n == 0 {
		return precondition("trip %s is already crewed", trip.ID)
	}

	return s.tx.InTx(ctx, func(q store.Querier) error {
		for _, a := range crew {
			if err := q.InsertCrewAssignment(ctx, store.InsertCrewAssignmentParams{
				TripID:       trip.ID,
				CrewMemberID: a.CrewMemberID,
				Role:         a.Role,
				Hours:        a.Hours,
			}); err != nil {
				return fmt.Errorf("assign %s: %w", a.CrewMemberID, err)
			}
			if err := q.AddCrewHours(ctx, a.CrewMemberID, a.Hours); err != nil {
				return err
			}
		}
		return nil
	})
}
