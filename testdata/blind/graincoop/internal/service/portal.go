package service

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/events"
	"github.com/prairiegold/graincoop/internal/idgen"
	"github.com/prairiegold/graincoop/internal/portal"
)

type SettlementReader interface {
	Get(ctx context.Context, id int64) (*domain.Settlement, error)
}

type AmendmentReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Amendment, error)
}

// PortalService pushes grower-facing events to connected farm portals.
type PortalService struct {
	growers     GrowerReader
	contracts   Contracts
	amendments  AmendmentReader
	settlements SettlementReader
	push        PortalPusher
	newEventID  func() string
	now         Clock
}

func NewPortalService(g GrowerReader, c Contracts, a AmendmentReader, s SettlementReader, push PortalPusher, now Clock) *PortalService {
	return &PortalService{
		growers: g, contracts: c, amendments: a, settlements: s, push: push, now: now,
		newEventID: func() string { return uuid.NewString() },
	}
}

type statementLine struct {
	Type        string `json:"type"`
	Ref         string `json:"ref"`
	Description string `json:"description"`
	Amount      string `json:"amount"`
}

// SettlementFinalized sends the grower's season statement to their portal.
func (s *PortalService) SettlementFinalized(ctx context.Context, evt events.SettlementFinalized) error {
	g, err := s.growers.Get(ctx, evt.GrowerID)
	if err != nil {
		return notFound(err)
	}
	if !g.HasPortal() {
		return nil
	}
	st, err := s.settlements.Get(ctx, evt.SettlementID)
	if err != nil {
		return notFound(err)
	}
	lines := make([]statementLine, 0, len(st.Lines))
	for _, l := range st.Lines {
		lines = append(lines, statementLine{Type: l.LineType, Ref: l.Ref, Description: l.Description, Amount: l.Amount.StringFixed(2)})
	}
	return s.push.Deliver(ctx, g.PortalWebhookURL, g.PortalSecret, portal.Event{
		ID:         s.newEventID(),
		Type:       "settlement.finalized",
		OccurredAt: evt.FinalizedAt,
		MemberNo:   g.MemberNo,
		Data: map[string]any{
			"settlement_id": st.ID,
			"season":        st.Season,
			"gross":         st.GrossAmount.StringFixed(2),
			"net":           st.NetAmount.StringFixed(2),
			"lines":         lines,
		},
	})
}

// ContractAmended tells the grower's portal about a contract change.
func (s *PortalService) ContractAmended(ctx context.Context, evt events.ContractAmended) error {
	aid, err := uuid.Parse(evt.AmendmentID)
	if err != nil {
		return fmt.Errorf("%w: amendment id", ErrInvalid)
	}
	a, err := s.amendments.Get(ctx, aid)
	if err != nil {
		return notFound(err)
	}
	c, err := s.contracts.Get(ctx, a.ContractID)
	if err != nil {
		return notFound(err)
	}
	g, err := s.growers.Get(ctx, c.GrowerID)
	if err != nil {
		return notFound(err)
	}
	if !g.HasPortal() {
		return nil
	}
	data := map[string]any{
		"contract_no":    c.ContractNo,
		"kind":           a.Kind,
		"quantity_bu":    c.QuantityBu.StringFixed(2),
		"quantity_delta": a.QuantityDelta.StringFixed(2),
		"reason":         a.Reason,
	}
	if c.PricePerBu != nil {
		data["price_per_bu"] = c.PricePerBu.StringFixed(4)
	}
	return s.push.Deliver(ctx, g.PortalWebhookURL, g.PortalSecret, portal.Event{
		ID:         idgen.Stable("contract-amended", a.ID),
		Type:       "contract.amended",
		OccurredAt: a.CreatedAt,
		MemberNo:   g.MemberNo,
		Data:       data,
	})
}
