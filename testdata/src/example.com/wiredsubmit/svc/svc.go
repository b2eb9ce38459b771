// Package svc takes submissions of work: a milestone funded or already
// in review takes a newer revision.
package svc

import (
	"context"
	"fmt"

	"example.com/wiredsubmit/store"
)

// SubmitInput is a submission the freelancer sends.
type SubmitInput struct {
	MilestoneID, Ref string
}

// Runner runs units of work.
type Runner interface {
	WithTx(ctx context.Context, fn func(q store.Querier) error) error
}

// MilestoneRepo keeps milestones.
type MilestoneRepo interface {
	GetForUpdate(ctx context.Context, q store.Querier, id string) (store.Milestone, error)
	SetStatus(ctx context.Context, q store.Querier, id, status string) error
}

// SubmissionRepo keeps submissions.
type SubmissionRepo interface {
	Insert(ctx context.Context, q store.Querier, s store.Submission) error
	InsertOnce(ctx context.Context, q store.Querier, s store.Submission) error
	SupersedePending(ctx context.Context, q store.Querier, milestone string) error
}

// LineRepo keeps submissions' lines.
type LineRepo interface {
	DeleteAll(ctx context.Context, q store.Querier, ref string) error
	Insert(ctx context.Context, q store.Querier, ref string, no int) error
}

// Service takes submissions.
type Service struct {
	DB          Runner
	Milestones  MilestoneRepo
	Submissions SubmissionRepo
	Lines       LineRepo
	NewID       func() string
}

// Submit stores the revision and puts the milestone in review. The
// test of the milestone's status lets a milestone in review through,
// and what it supersedes is another table's status: a retry after the
// commit reaches the INSERT again.
func (s *Service) Submit(ctx context.Context, in SubmitInput) (store.Submission, error) {
	var sub store.Submission
	err := s.DB.WithTx(ctx, func(q store.Querier) error {
		m, err := s.Milestones.GetForUpdate(ctx, q, in.MilestoneID)
		if err != nil {
			return err
		}
		switch m.Status {
		case "funded", "submitted":
		default:
			return fmt.Errorf("milestone %s is %s", m.ID, m.Status)
		}
		sub = store.Submission{ID: s.NewID(), MilestoneID: m.ID, Ref: in.Ref}
		if err := s.Submissions.Insert(ctx, q, sub); err != nil {
			return err
		}
		if err := s.Submissions.SupersedePending(ctx, q, m.ID); err != nil {
			return err
		}
		return s.Milestones.SetStatus(ctx, q, m.ID, "submitted")
	})
	return sub, err
}

// SubmitOnce does the same with the duplicate absorbed.
func (s *Service) SubmitOnce(ctx context.Context, in SubmitInput) (store.Submission, error) {
	var sub store.Submission
	err := s.DB.WithTx(ctx, func(q store.Querier) error {
		m, err := s.Milestones.GetForUpdate(ctx, q, in.MilestoneID)
		if err != nil {
			return err
		}
		switch m.Status {
		case "funded", "submitted":
		default:
			return fmt.Errorf("milestone %s is %s", m.ID, m.Status)
		}
		sub = store.Submission{ID: s.NewID(), MilestoneID: m.ID, Ref: in.Ref}
		if err := s.Submissions.InsertOnce(ctx, q, sub); err != nil {
			return err
		}
		if err := s.Submissions.SupersedePending(ctx, q, m.ID); err != nil {
			return err
		}
		return s.Milestones.SetStatus(ctx, q, m.ID, "submitted")
	})
	return sub, err
}

// ReplaceLines replaces the submission's lines: a retry deletes what
// the first attempt inserted before it inserts them again.
func (s *Service) ReplaceLines(ctx context.Context, in SubmitInput) error {
	return s.DB.WithTx(ctx, func(q store.Querier) error {
		if err := s.Lines.DeleteAll(ctx, q, in.Ref); err != nil {
			return err
		}
		return s.Lines.Insert(ctx, q, in.Ref, 1)
	})
}

// AddLine adds the submission's first line, which a retry finds.
func (s *Service) AddLine(ctx context.Context, in SubmitInput) error {
	return s.DB.WithTx(ctx, func(q store.Querier) error {
		return s.Lines.Insert(ctx, q, in.Ref, 1)
	})
}
