package service

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/model"
)

// OfferSignaler delivers a customer's decision to the running pipeline.
type OfferSignaler interface {
	SignalOfferDecision(ctx context.Context, workflowID, decision string) error
}

// TradeInService handles customer actions on an in-flight trade-in.
type TradeInService struct {
	tradeIns tradeInStore
	signaler OfferSignaler
	now      Clock
}

func NewTradeInService(tradeIns tradeInStore, signaler OfferSignaler) *TradeInService {
	return &TradeInService{tradeIns: tradeIns, signaler: signaler, now: UTCNow}
}

func (s *TradeInService) Get(ctx context.Context, id uuid.UUID) (*model.TradeIn, error) {
	return s.tradeIns.Get(ctx, id)
}

// RespondToOffer records the customer's answer to a revised offer and wakes
// the pipeline. The first answer wins; repeating it re-sends the signal,
// which the workflow ignores once it has a decision.
func (s *TradeInService) RespondToOffer(ctx context.Context, tradeInID uuid.UUID, decision string) (*model.TradeIn, error) {
	if decision != model.DecisionAccept && decision != model.DecisionDecline {
		return nil, fmt.Errorf("%w: decision must be accept or decline", ErrInvalid)
	}
	n, err := s.tradeIns.RecordDecision(ctx, tradeInID, decision, s.now())
	if err != nil {
		return nil, wrap("record decision", err)
	}
	ti, err := s.tradeIns.Get(ctx, tradeInID)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		if ti.OfferDecision == nil {
			return nil, fmt.Errorf("%w: trade-in has no pending offer", ErrConflict)
		}
		if *ti.OfferDecision != decision {
			return nil, fmt.Errorf("%w: offer already %sed", ErrConflict, *ti.OfferDecision)
		}
	}
	if ti.WorkflowID == nil {
		return nil, fmt.Errorf("%w: trade-in pipeline not started", ErrConflict)
	}
	if err := s.signaler.SignalOfferDecision(ctx, *ti.WorkflowID, decision); err != nil {
		return nil, wrap("signal pipeline", err)
	}
	return ti, nil
}
