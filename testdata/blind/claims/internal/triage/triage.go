// Package triage puts newly opened claims on the triage desk's work queue.
package triage

import (
	"context"

	"github.com/google/uuid"
)

// Queue is the triage work queue.
type Queue interface {
	// Enqueue adds the claim once; it reports whether a row was added.
	Enqueue(ctx context.Context, claimID uuid.UUID, priority int) (bool, error)
}

// Service decides priority and enqueues.
type Service struct {
	queue Queue
}

// NewService builds a Service.
func NewService(q Queue) *Service { return &Service{queue: q} }

// Priority returns the desk priority for a loss type (lower is sooner).
func Priority(lossType, source string) int {
	p := 50
	switch lossType {
	case "bodily_injury":
		p = 10
	case "auto_collision", "property_fire":
		p = 20
	case "property_water":
		p = 30
	}
	if source != "portal" {
		p -= 5
	}
	return p
}

// Enqueue puts the claim on the queue.
func (s *Service) Enqueue(ctx context.Context, claimID uuid.UUID, lossType, source string) (bool, error) {
	return s.queue.Enqueue(ctx, claimID, Priority(lossType, source))
}
