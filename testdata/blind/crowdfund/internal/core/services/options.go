// Package services implements the use cases behind the driving ports.
package services

import (
	"time"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

// WithActor records who is calling. Calls without an actor run as the
// system actor.
func WithActor(a domain.Actor) ports.Option {
	return func(o *ports.Options) { o.Actor = a }
}

// WithIdempotencyKey passes the client's Idempotency-Key header through to
// use cases that support replay.
func WithIdempotencyKey(key string) ports.Option {
	return func(o *ports.Options) { o.IdempotencyKey = key }
}

// WithReason attaches a free-text reason (refunds, admin actions).
func WithReason(reason string) ports.Option {
	return func(o *ports.Options) { o.Reason = reason }
}

// SystemClock is the production ports.Clock.
type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now().UTC() }

func NewSystemClock() SystemClock { return SystemClock{} }

func requireRole(a domain.Actor, roles ...domain.Role) error {
	for _, r := range roles {
		if a.Role == r {
			return nil
		}
	}
	return domain.ErrForbidden
}

// ownsCampaign allows the campaign's creator and admins.
func ownsCampaign(a domain.Actor, c domain.Campaign) error {
	if a.Is(domain.RoleAdmin) || a.Is(domain.RoleSystem) {
		return nil
	}
	if a.Is(domain.RoleCreator) && a.ID == c.CreatorID {
		return nil
	}
	return domain.ErrForbidden
}

// ownsPledge allows the backer who made the pledge and admins.
func ownsPledge(a domain.Actor, p domain.Pledge) error {
	if a.Is(domain.RoleAdmin) || a.Is(domain.RoleSystem) {
		return nil
	}
	if a.Is(domain.RoleBacker) && a.ID == p.BackerID {
		return nil
	}
	return domain.ErrForbidden
}
