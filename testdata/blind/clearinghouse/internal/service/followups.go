package service

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/payer"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// FollowUpService handles work on claims after the first submission:
// supporting documentation and secondary-payer crossovers.
type FollowUpService struct {
	tx          Tx
	claims      claimStore
	payers      payerStore
	attachments interface {
		InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, a *domain.Attachment) (*domain.Attachment, error)
		MarkSent(ctx context.Context, q sqlx.ExtContext, id, ackRef string) error
	}
	crossovers interface {
		Record(ctx context.Context, q sqlx.ExtContext, c *domain.Crossover) error
		Find(ctx context.Context, q sqlx.ExtContext, claimID, payerID string) (*domain.Crossover, error)
	}
	payer             PayerGateway
	forwarder         ClaimForwarder
	newID             IDFunc
	now               Clock
	attachmentTimeout time.Duration
	log               *slog.Logger
}

// NewFollowUpService builds a FollowUpService.
func NewFollowUpService(tx Tx, claims *repository.ClaimRepo, payers *repository.PayerRepo,
	attachments *repository.AttachmentRepo, crossovers *repository.CrossoverRepo,
	gw PayerGateway, fwd ClaimForwarder, newID IDFunc, now Clock, log *slog.Logger) *FollowUpService {
	return &FollowUpService{
		tx: tx, claims: claims, payers: payers, attachments: attachments, crossovers: crossovers,
		payer: gw, forwarder: fwd, newID: newID, now: now, attachmentTimeout: 60 * time.Second, log: log,
	}
}

// AttachmentInput describes a document sent in support of a claim.
type AttachmentInput struct {
	ClaimID             string
	AttachmentControlNo string
	ReportTypeCode      string
	StorageURI          string
	ContentSHA256       string
}

// AddAttachment records a PWK attachment and transmits it to the payer as
// a 275. The attachment control number is the practice's and matches the
// PWK06 on the claim.
func (s *FollowUpService) AddAttachment(ctx context.Context, in AttachmentInput) (*domain.Attachment, error) {
	q := s.tx.Ext(ctx)
	claim, err := s.claims.Get(ctx, q, in.ClaimID)
	if err != nil {
		return nil, err
	}
	if claim.PayerClaimRef == nil {
		return nil, apperr.Unprocessable("claim %s has not been accepted by the payer yet", claim.ID)
	}
	p, err := s.payers.Get(ctx, q, claim.PayerID)
	if err != nil {
		return nil, err
	}
	if !p.SupportsAttachments {
		return nil, apperr.Unprocessable("payer %s does not accept electronic attachments", p.PayerCode)
	}
	att, err := s.attachments.InsertIfAbsent(ctx, q, &domain.Attachment{
		ID:                  ids.Derive("att", claim.ID, in.AttachmentControlNo),
		ClaimID:             claim.ID,
		AttachmentControlNo: in.AttachmentControlNo,
		ReportTypeCode:      in.ReportTypeCode,
		ContentSHA256:       in.ContentSHA256,
		StorageURI:          in.StorageURI,
		Status:              "pending",
		CreatedAt:           s.now(),
	})
	if err != nil {
		return nil, err
	}
	if att.Status == "sent" {
		return att, nil
	}
	if att.ContentSHA256 != in.ContentSHA256 {
		return nil, apperr.Conflict("attachment %s already registered with different content", in.AttachmentControlNo)
	}
	ack, err := s.payer.SendAttachment(ctx, payer.AttachmentRequest{
		PayerCode:           p.PayerCode,
		PayerClaimRef:       *claim.PayerClaimRef,
		AttachmentControlNo: att.AttachmentControlNo,
		ReportTypeCode:      att.ReportTypeCode,
		DocumentURI:         att.StorageURI,
		ContentSHA256:       att.ContentSHA256,
	}, payer.WithTimeout(s.attachmentTimeout), payer.WithTraceID(att.ID))
	if err != nil {
		return nil, apperr.Upstream(err, "send attachment")
	}
	if err := s.attachments.MarkSent(ctx, q, att.ID, ack.AckRef); err != nil {
		return nil, err
	}
	att.Status = "sent"
	att.PayerAckRef = &ack.AckRef
	return att, nil
}

// CrossoverInput forwards an adjudicated claim to a secondary payer.
type CrossoverInput struct {
	ClaimID          string
	SecondaryPayerID string
	SecondaryMember  string
}

type crossoverDoc struct {
	ClaimID              string             `json:"claim_id"`
	PatientControlNumber string             `json:"patient_control_number"`
	PayerCode            string             `json:"payer_code"`
	MemberID             string             `json:"member_id"`
	PrimaryPaidCents     int64              `json:"primary_paid_cents"`
	PatientRespCents     int64              `json:"patient_resp_cents"`
	TotalChargeCents     int64              `json:"total_charge_cents"`
	Claim                json.RawMessage    `json:"claim"`
	Lines                []domain.ClaimLine `json:"lines"`
}

// Crossover sends the claim, with the primary payer's adjudication as COB
// data, to the secondary payer through the EDI translator topic.
func (s *FollowUpService) Crossover(ctx context.Context, in CrossoverInput) (*domain.Crossover, error) {
	q := s.tx.Ext(ctx)
	claim, err := s.claims.Get(ctx, q, in.ClaimID)
	if err != nil {
		return nil, err
	}
	if claim.Status != domain.ClaimPaid && claim.Status != domain.ClaimPartial {
		return nil, apperr.Unprocessable("claim %s has not been adjudicated by the primary payer", claim.ID)
	}
	if claim.PayerID == in.SecondaryPayerID {
		return nil, apperr.Invalid("secondary payer must differ from primary")
	}
	if existing, err := s.crossovers.Find(ctx, q, claim.ID, in.SecondaryPayerID); err != nil {
		return nil, err
	} else if existing != nil {
		return existing, nil
	}
	secondary, err := s.payers.Get(ctx, q, in.SecondaryPayerID)
	if err != nil {
		return nil, err
	}
	doc, err := json.Marshal(crossoverDoc{
		ClaimID:              claim.ID,
		PatientControlNumber: claim.PatientControlNumber,
		PayerCode:            secondary.PayerCode,
		MemberID:             in.SecondaryMember,
		PrimaryPaidCents:     claim.PaidCents,
		PatientRespCents:     claim.PatientRespCents,
		TotalChargeCents:     claim.TotalChargeCents,
		Claim:                claim.Payload,
		Lines:                claim.Lines,
	})
	if err != nil {
		return nil, err
	}
	if err := s.forwarder.Forward(ctx, secondary.PayerCode, claim.ID, doc); err != nil {
		return nil, apperr.Upstream(err, "forward crossover claim")
	}
	cx := &domain.Crossover{
		ID:               s.newID("cx"),
		ClaimID:          claim.ID,
		SecondaryPayerID: secondary.ID,
		PrimaryPaidCents: claim.PaidCents,
		Status:           "forwarded",
		ForwardedAt:      s.now(),
	}
	if err := s.crossovers.Record(ctx, q, cx); err != nil {
		return nil, err
	}
	return cx, nil
}
