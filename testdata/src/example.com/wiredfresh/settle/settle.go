// Package settle captures pledges through the repositories a Repos
// hands out.
package settle

import "context"

// Campaigns keeps campaigns' totals.
type Campaigns interface {
	AddCollected(ctx context.Context, id string, cents int64) error
}

// Pledges keeps pledges' states.
type Pledges interface {
	MarkCaptured(ctx context.Context, id string) error
	MarkCancelled(ctx context.Context, id string) error
}

// A Note is a remark on a pledge; the store names it when it has no ID.
type Note struct {
	ID, PledgeID, Body string
}

// Notes keeps notes.
type Notes interface {
	Insert(ctx context.Context, n *Note) error
}

// Repos hands out the repositories.
type Repos interface {
	Campaigns() Campaigns
	Pledges() Pledges
	Notes() Notes
}

// UseCase settles pledges.
type UseCase interface {
	Capture(ctx context.Context, pledgeID, campaignID string, cents int64) error
	Cancel(ctx context.Context, pledgeID string) error
}

// Service is the UseCase over Repos.
type Service struct{ Repos Repos }

// Capture adds the pledge to its campaign's total, then marks it
// captured: each on its own.
func (s *Service) Capture(ctx context.Context, pledgeID, campaignID string, cents int64) error {
	if err := s.Repos.Campaigns().AddCollected(ctx, campaignID, cents); err != nil {
		return err
	}
	return s.Repos.Pledges().MarkCaptured(ctx, pledgeID)
}

// Cancel makes one write, which sets a constant: nothing to commit apart.
func (s *Service) Cancel(ctx context.Context, pledgeID string) error {
	return s.Repos.Pledges().MarkCancelled(ctx, pledgeID)
}

// Note stores a note the store names: a new one on each attempt.
func (s *Service) Note(ctx context.Context, pledgeID, body string) (*Note, error) {
	n := &Note{PledgeID: pledgeID, Body: body}
	if err := s.Repos.Notes().Insert(ctx, n); err != nil {
		return nil, err
	}
	return n, nil
}

// NoteAs stores a note under the ID its caller gives.
func (s *Service) NoteAs(ctx context.Context, id, pledgeID, body string) (*Note, error) {
	n := &Note{ID: id, PledgeID: pledgeID, Body: body}
	if err := s.Repos.Notes().Insert(ctx, n); err != nil {
		return nil, err
	}
	return n, nil
}
