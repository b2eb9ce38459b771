package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/payer"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// DenialService manages denials, information requests and appeals.
type DenialService struct {
	tx      Tx
	claims  claimStore
	payers  payerStore
	denials interface {
		Insert(ctx context.Context, q sqlx.ExtContext, d *domain.Denial) error
		Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Denial, error)
	}
	workItems interface {
		EnqueueIfAbsent(ctx context.Context, q sqlx.ExtContext, id, denialID, queue string, priority int) (bool, error)
	}
	infoRequests interface {
		InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, ir *domain.InfoRequest) (bool, error)
	}
	appeals interface {
		Insert(ctx context.Context, q sqlx.ExtContext, a *domain.Appeal) error
		Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Appeal, error)
		CountForDenial(ctx context.Context, q sqlx.ExtContext, denialID string) (int, error)
		SetFiled(ctx context.Context, q sqlx.ExtContext, id, payerRef string) error
		Withdraw(ctx context.Context, q sqlx.ExtContext, id string, at time.Time) (bool, error)
	}
	payer PayerGateway
	newID IDFunc
	now   Clock
	log   *slog.Logger
}

// NewDenialService builds a DenialService.
func NewDenialService(tx Tx, claims *repository.ClaimRepo, payers *repository.PayerRepo,
	denials *repository.DenialRepo, work *repository.WorkItemRepo, info *repository.InfoRequestRepo,
	appeals *repository.AppealRepo, gw PayerGateway, newID IDFunc, now Clock, log *slog.Logger) *DenialService {
	return &DenialService{
		tx: tx, claims: claims, payers: payers, denials: denials, workItems: work, infoRequests: info,
		appeals: appeals, payer: gw, newID: newID, now: now, log: log,
	}
}

// DenialEvent is a denial parsed from an 835 or 277 by the EDI translator.
type DenialEvent struct {
	PayerID        string `json:"payer_id"`
	PayerClaimRef  string `json:"payer_claim_ref"`
	PayerDenialRef string `json:"payer_denial_ref"`
	GroupCode      string `json:"group_code"`
	CARC           string `json:"carc"`
	RARC           string `json:"rarc,omitempty"`
	DeniedCents    int64  `json:"denied_cents"`
	AppealDays     int    `json:"appeal_days"`
}

// workQueueFor routes a denial to the team that handles its reason code.
func workQueueFor(carc string) (string, int) {
	switch carc {
	case "16", "252", "N706":
		return "missing-information", 2
	case "197", "15", "62":
		return "authorization", 1
	case "27", "26", "31":
		return "eligibility", 1
	case "50", "55", "56":
		return "medical-necessity", 3
	case "29":
		return "timely-filing", 1
	default:
		return "general", 5
	}
}

// RecordDenial stores a payer denial, marks the claim denied and queues
// the denial for the denial-management team.
func (s *DenialService) RecordDenial(ctx context.Context, ev DenialEvent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		claim, err := s.claims.FindByPayerRef(ctx, q, ev.PayerID, ev.PayerClaimRef)
		if err != nil {
			return err
		}
		received := s.now()
		d := &domain.Denial{
			ID:             s.newID("dnl"),
			ClaimID:        claim.ID,
			PayerDenialRef: ev.PayerDenialRef,
			CARCCode:       ev.CARC,
			GroupCode:      ev.GroupCode,
			DeniedCents:    ev.DeniedCents,
			ReceivedAt:     received,
		}
		if ev.RARC != "" {
			d.RARCCode = &ev.RARC
		}
		if ev.AppealDays > 0 {
			deadline := received.AddDate(0, 0, ev.AppealDays)
			d.AppealDeadline = &deadline
		}
		if err := s.denials.Insert(ctx, q, d); err != nil {
			return err
		}
		if _, err := s.claims.Transition(ctx, q, claim.ID,
			[]string{domain.ClaimSubmitted, domain.ClaimAccepted, domain.ClaimPartial},
			domain.ClaimDenied, "CARC "+ev.CARC); err != nil {
			return err
		}
		queue, prio := workQueueFor(ev.CARC)
		_, err = s.workItems.EnqueueIfAbsent(ctx, q, ids.Derive("dwi", d.ID), d.ID, queue, prio)
		return err
	})
}

// InfoRequestEvent is a 277 request for additional information.
type InfoRequestEvent struct {
	PayerID         string   `json:"payer_id"`
	PayerClaimRef   string   `json:"payer_claim_ref"`
	PayerRequestRef string   `json:"payer_request_ref"`
	RequestedCodes  []string `json:"requested_codes"`
	DueDate         string   `json:"due_date,omitempty"`
}

// RecordInfoRequest stores a payer's request for documentation.
func (s *DenialService) RecordInfoRequest(ctx context.Context, ev InfoRequestEvent) error {
	q := s.tx.Ext(ctx)
	claim, err := s.claims.FindByPayerRef(ctx, q, ev.PayerID, ev.PayerClaimRef)
	if err != nil {
		return err
	}
	ir := &domain.InfoRequest{
		ID:              s.newID("rfi"),
		ClaimID:         claim.ID,
		PayerRequestRef: ev.PayerRequestRef,
		RequestedCodes:  ev.RequestedCodes,
		Status:          "open",
	}
	if ev.DueDate != "" {
		if due, err := time.Parse("2006-01-02", ev.DueDate); err == nil {
			ir.DueDate = &due
		}
	}
	created, err := s.infoRequests.InsertIfAbsent(ctx, q, ir)
	if err != nil {
		return err
	}
	if !created {
		s.log.Debug("info request already recorded", "claim_id", claim.ID, "ref", ev.PayerRequestRef)
	}
	return nil
}

// FileAppealInput is a practice's request to appeal a denial.
type FileAppealInput struct {
	ClaimID      string
	DenialID     string
	Reason       string
	DocumentURIs []string
	FiledBy      string
}

// FileAppeal records an appeal and files it with the payer.
func (s *DenialService) FileAppeal(ctx context.Context, in FileAppealInput) (*domain.Appeal, error) {
	q := s.tx.Ext(ctx)
	denial, err := s.denials.Get(ctx, q, in.DenialID)
	if err != nil {
		return nil, err
	}
	if denial.ClaimID != in.ClaimID {
		return nil, apperr.Invalid("denial %s does not belong to claim %s", in.DenialID, in.ClaimID)
	}
	if denial.AppealDeadline != nil && s.now().After(*denial.AppealDeadline) {
		return nil, apperr.Unprocessable("appeal deadline passed on %s", denial.AppealDeadline.Format("2006-01-02"))
	}
	claim, err := s.claims.Get(ctx, q, in.ClaimID)
	if err != nil {
		return nil, err
	}
	if claim.PayerClaimRef == nil {
		return nil, apperr.Unprocessable("claim %s has no payer reference", claim.ID)
	}
	p, err := s.payers.Get(ctx, q, claim.PayerID)
	if err != nil {
		return nil, err
	}

	appeal := &domain.Appeal{
		ID:       s.newID("apl"),
		ClaimID:  claim.ID,
		DenialID: denial.ID,
		Reason:   in.Reason,
		Status:   domain.AppealDraft,
		FiledBy:  in.FiledBy,
		FiledAt:  s.now(),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		prior, err := s.appeals.CountForDenial(ctx, q, denial.ID)
		if err != nil {
			return err
		}
		appeal.Level = prior + 1
		return s.appeals.Insert(ctx, q, appeal)
	})
	if err != nil {
		return nil, err
	}

	ack, err := s.payer.SubmitAppeal(ctx, payer.AppealRequest{
		PayerCode:      p.PayerCode,
		PayerClaimRef:  *claim.PayerClaimRef,
		PayerDenialRef: denial.PayerDenialRef,
		Level:          appeal.Level,
		Reason:         appeal.Reason,
		DocumentURIs:   in.DocumentURIs,
		SubmitterRef:   appeal.ID,
	}, payer.WithIdempotencyKey(appeal.ID), payer.WithTimeout(30*time.Second))
	if err != nil {
		return nil, apperr.Upstream(err, "file appeal with payer")
	}
	if err := s.appeals.SetFiled(ctx, q, appeal.ID, ack.PayerAppealRef); err != nil {
		return nil, err
	}
	appeal.Status = domain.AppealFiled
	appeal.PayerAppealRef = &ack.PayerAppealRef
	return appeal, nil
}

// WithdrawAppealInput withdraws a filed appeal.
type WithdrawAppealInput struct {
	AppealID string
	Reason   string
}

// WithdrawAppeal withdraws an appeal at the payer and locally.
func (s *DenialService) WithdrawAppeal(ctx context.Context, in WithdrawAppealInput) (*domain.Appeal, error) {
	q := s.tx.Ext(ctx)
	appeal, err := s.appeals.Get(ctx, q, in.AppealID)
	if err != nil {
		return nil, err
	}
	switch appeal.Status {
	case domain.AppealWithdrawn:
		return appeal, nil
	case domain.AppealFiled:
	default:
		return nil, apperr.Conflict("appeal %s is %s", appeal.ID, appeal.Status)
	}
	err = s.payer.WithdrawAppeal(ctx, *appeal.PayerAppealRef, in.Reason,
		payer.WithIdempotencyKey("withdraw:"+appeal.ID), payer.WithTimeout(15*time.Second))
	if err != nil {
		return nil, apperr.Upstream(err, "withdraw appeal at payer")
	}
	at := s.now()
	if _, err := s.appeals.Withdraw(ctx, q, appeal.ID, at); err != nil {
		return nil, err
	}
	appeal.Status = domain.AppealWithdrawn
	appeal.WithdrawnAt = &at
	return appeal, nil
}
