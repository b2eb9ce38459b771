// Package members enrols members under the ID the caller made, behind
// an interface main wires.
package members

import "context"

// A Member is an enrolled member.
type Member struct{ ID, Email string }

// An Enrolment is what the caller asks for: the request's key, and the
// ID it made for the member.
type Enrolment struct{ Key, MemberID, Email string }

// Repos claim keys and store members, in the unit of work's
// transaction.
type Repos interface {
	// Claim stores key for resource once; claimed says whether this
	// call stored it, existing is the resource stored first.
	Claim(ctx context.Context, key, resource string) (existing string, claimed bool, err error)
	Create(ctx context.Context, m Member) error
}

// UnitOfWork runs fn in one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

// Service enrols members.
type Service interface {
	Purchase(ctx context.Context, e Enrolment) error
	Join(ctx context.Context, e Enrolment) error
}

type service struct{ uow UnitOfWork }

// New returns the Service.
func New(uow UnitOfWork) Service { return &service{uow: uow} }

// Purchase claims the request's key before it creates the member under
// the caller's ID, in one transaction: a retry finds the key claimed
// and leaves, and the ID it made is never stored.
func (s *service) Purchase(ctx context.Context, e Enrolment) error {
	return s.uow.Do(ctx, func(ctx context.Context, r Repos) error {
		_, claimed, err := r.Claim(ctx, e.Key, e.MemberID)
		if err != nil {
			return err
		}
		if !claimed {
			return nil
		}
		return r.Create(ctx, Member{ID: e.MemberID, Email: e.Email})
	})
}

// Join creates the member with no claim: a retry creates a second one.
func (s *service) Join(ctx context.Context, e Enrolment) error {
	return s.uow.Do(ctx, func(ctx context.Context, r Repos) error {
		return r.Create(ctx, Member{ID: e.MemberID, Email: e.Email})
	})
}
