package workflows

import (
	"context"
	"errors"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/service"
)

// Activity names. Workflows refer to activities by name so the workflow
// code does not depend on the activity struct's dependencies.
const (
	ActLookupOwner      = "LookupOwner"
	ActMailNotice       = "MailNotice"
	ActAssessLateFee    = "AssessLateFee"
	ActPlaceHold        = "PlaceRegistrationHold"
	ActReferCollections = "ReferToCollections"
	ActAdvanceStage     = "AdvanceStage"
	ActCitationStanding = "GetCitationStanding"
	errTypeNoOwner      = "NoRegisteredOwner"
	errTypeInvalidInput = "InvalidInput"
	errTypeCitationGone = "CitationNotFound"
)

// Activities are the lifecycle's side effects. Each method is a thin
// adapter from activity input to a service call.
type Activities struct {
	Notices     *service.NoticeService
	Escalation  *service.EscalationService
	Holds       *service.HoldService
	Collections *service.CollectionsService
}

// Registration is one activity to register on the worker.
type Registration struct {
	Name string
	Fn   any
}

// Registrations lists the activities with their registered names.
func (a *Activities) Registrations() []Registration {
	return []Registration{
		{ActLookupOwner, a.LookupOwner},
		{ActMailNotice, a.MailNotice},
		{ActAssessLateFee, a.AssessLateFee},
		{ActPlaceHold, a.PlaceRegistrationHold},
		{ActReferCollections, a.ReferToCollections},
		{ActAdvanceStage, a.AdvanceStage},
		{ActCitationStanding, a.GetCitationStanding},
	}
}

// RegisterOn registers every activity on r.
func (a *Activities) RegisterOn(r interface {
	RegisterActivityWithOptions(any, activity.RegisterOptions)
}) {
	for _, reg := range a.Registrations() {
		r.RegisterActivityWithOptions(reg.Fn, activity.RegisterOptions{Name: reg.Name})
	}
}

// nonRetryable converts domain errors that another attempt cannot fix.
func nonRetryable(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, service.ErrNoOwner):
		return temporal.NewNonRetryableApplicationError(err.Error(), errTypeNoOwner, err)
	case errors.Is(err, service.ErrValidation):
		return temporal.NewNonRetryableApplicationError(err.Error(), errTypeInvalidInput, err)
	case errors.Is(err, service.ErrNotFound):
		return temporal.NewNonRetryableApplicationError(err.Error(), errTypeCitationGone, err)
	}
	return err
}

type OwnerResult struct {
	Name string
	City string
}

func (a *Activities) LookupOwner(ctx context.Context, citationID string) (*OwnerResult, error) {
	o, err := a.Notices.LookupOwner(ctx, citationID)
	if err != nil {
		return nil, nonRetryable(err)
	}
	return &OwnerResult{Name: o.FullName, City: o.City}, nil
}

type MailNoticeInput struct {
	CitationID string
	Kind       string
}

type MailNoticeResult struct {
	NoticeID string
	LetterID string
}

func (a *Activities) MailNotice(ctx context.Context, in MailNoticeInput) (*MailNoticeResult, error) {
	activity.GetLogger(ctx).Info("mailing notice", "citation", in.CitationID, "kind", in.Kind,
		"attempt", activity.GetInfo(ctx).Attempt)
	n, err := a.Notices.MailNotice(ctx, in.CitationID, in.Kind)
	if err != nil {
		return nil, nonRetryable(err)
	}
	res := &MailNoticeResult{NoticeID: n.ID}
	if n.MailLetterID != nil {
		res.LetterID = *n.MailLetterID
	}
	return res, nil
}

type LateFeeInput struct {
	CitationID string
	Tier       int
}

func (a *Activities) AssessLateFee(ctx context.Context, in LateFeeInput) (int64, error) {
	fee, err := a.Escalation.AssessLateFee(ctx, in.CitationID, in.Tier)
	if err != nil {
		return 0, nonRetryable(err)
	}
	if fee == nil {
		return 0, nil
	}
	return fee.AmountCents, nil
}

func (a *Activities) PlaceRegistrationHold(ctx context.Context, citationID string) (string, error) {
	h, err := a.Holds.Place(ctx, citationID)
	if err != nil {
		return "", nonRetryable(err)
	}
	if h == nil || h.StateHoldNumber == nil {
		return "", nil
	}
	return *h.StateHoldNumber, nil
}

func (a *Activities) ReferToCollections(ctx context.Context, citationID string) (string, error) {
	ref, err := a.Collections.Refer(ctx, citationID)
	if err != nil {
		return "", nonRetryable(err)
	}
	if ref == nil || ref.AgencyAccountRef == nil {
		return "", nil
	}
	return *ref.AgencyAccountRef, nil
}

type StageInput struct {
	CitationID string
	Stage      string
}

func (a *Activities) AdvanceStage(ctx context.Context, in StageInput) (bool, error) {
	if model.StageRank(in.Stage) < 0 {
		return false, temporal.NewNonRetryableApplicationError("unknown stage "+in.Stage, errTypeInvalidInput, nil)
	}
	ok, err := a.Escalation.AdvanceStage(ctx, in.CitationID, in.Stage)
	return ok, nonRetryable(err)
}

func (a *Activities) GetCitationStanding(ctx context.Context, citationID string) (*service.Standing, error) {
	st, err := a.Escalation.Standing(ctx, citationID)
	return st, nonRetryable(err)
}
