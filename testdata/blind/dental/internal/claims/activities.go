package claims

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/ids"
	"github.com/brightsmile-dental/practiceops/internal/providers/clearinghouse"
	"github.com/brightsmile-dental/practiceops/internal/providers/sms"
)

type LoadClaimInput struct {
	ClaimID      uuid.UUID
	Resubmission int
}

// ClaimPacket is everything the workflow needs to send the claim.
type ClaimPacket struct {
	Request     clearinghouse.ClaimRequest
	Documents   []models.ClaimDocument
	ServiceDate string
}

type UploadAttachmentsInput struct {
	ClaimID     uuid.UUID
	PayerID     string
	PatientName string
	ServiceDate string
	Documents   []models.ClaimDocument
}

type UploadAttachmentsOutput struct {
	AttachmentIDs []string
}

type SubmitInput struct {
	ClaimID    uuid.UUID
	WorkflowID string
	Request    clearinghouse.ClaimRequest
}

type RecordSubmissionInput struct {
	ClaimID              uuid.UUID
	ClearinghouseClaimID string
	BatchID              string
	WorkflowID           string
}

type PollAckInput struct {
	ClearinghouseClaimID string
}

type RecordAckInput struct {
	ClaimID uuid.UUID
	Ack     clearinghouse.Acknowledgement
}

type NotifyPatientInput struct {
	ClaimID      uuid.UUID
	Resubmission int
}

// DocumentFetcher reads an image from the imaging store.
type DocumentFetcher func(ctx context.Context, ref string) ([]byte, error)

// Activities holds the dependencies of the submission activities.
type Activities struct {
	db            *gorm.DB
	claims        *database.Repository[models.Claim]
	patients      *database.Repository[models.Patient]
	associates    *database.Repository[models.Associate]
	practices     *database.Repository[models.Practice]
	attempts      *database.Repository[models.ClaimSubmissionAttempt]
	clearinghouse clearinghouse.Client
	sms           sms.Sender
	submitterID   string
	billingNPI    string
	fetchDocument DocumentFetcher
}

// ActivityDeps are the constructor arguments for Activities.
type ActivityDeps struct {
	DB            *gorm.DB
	Clearinghouse clearinghouse.Client
	SMS           sms.Sender
	SubmitterID   string
	BillingNPI    string
	FetchDocument DocumentFetcher
}

// NewActivities wires the submission activities.
func NewActivities(d ActivityDeps) *Activities {
	return &Activities{
		db:            d.DB,
		claims:        database.NewRepository[models.Claim](d.DB),
		patients:      database.NewRepository[models.Patient](d.DB),
		associates:    database.NewRepository[models.Associate](d.DB),
		practices:     database.NewRepository[models.Practice](d.DB),
		attempts:      database.NewRepository[models.ClaimSubmissionAttempt](d.DB),
		clearinghouse: d.Clearinghouse,
		sms:           d.SMS,
		submitterID:   d.SubmitterID,
		billingNPI:    d.BillingNPI,
		fetchDocument: d.FetchDocument,
	}
}

// Registration pairs an activity with the name the workflow calls it by.
type Registration struct {
	Name string
	Fn   any
}

// Registrations lists the activities for the worker.
func (a *Activities) Registrations() []Registration {
	return []Registration{
		{Name: ActLoadClaim, Fn: a.LoadClaimPacket},
		{Name: ActUploadAttachments, Fn: a.UploadAttachments},
		{Name: ActSubmitClaim, Fn: a.SubmitToClearingHouse},
		{Name: ActRecordSubmission, Fn: a.RecordSubmission},
		{Name: ActPollAcknowledgment, Fn: a.PollAcknowledgement},
		{Name: ActRecordAck, Fn: a.RecordAcknowledgement},
		{Name: ActNotifyPatient, Fn: a.NotifyPatient},
	}
}

func (a *Activities) LoadClaimPacket(ctx context.Context, in LoadClaimInput) (ClaimPacket, error) {
	claim, err := a.claims.Get(ctx, in.ClaimID)
	if err != nil {
		return ClaimPacket{}, err
	}
	if claim.Status != models.ClaimSubmitting {
		return ClaimPacket{}, temporal.NewNonRetryableApplicationError(
			fmt.Sprintf("claim %s is %s", claim.ID, claim.Status), errInvalidClaim, nil)
	}
	patient, err := a.patients.Get(ctx, claim.PatientID)
	if err != nil {
		return ClaimPacket{}, err
	}
	dentist, err := a.associates.Get(ctx, claim.AssociateID)
	if err != nil {
		return ClaimPacket{}, err
	}
	var (
		sub   models.Subscriber
		lines []models.ClaimLine
		docs  []models.ClaimDocument
	)
	if err := errors.Join(claim.Subscriber.Decode(&sub), claim.Lines.Decode(&lines), claim.Documents.Decode(&docs)); err != nil {
		return ClaimPacket{}, temporal.NewNonRetryableApplicationError("claim json", errInvalidClaim, err)
	}
	req := clearinghouse.ClaimRequest{
		SubmitterClaimRef:    fmt.Sprintf("%s.%d", claim.ID, in.Resubmission),
		SubmitterID:          a.submitterID,
		PayerID:              claim.PayerID,
		BillingProviderNPI:   a.billingNPI,
		RenderingProviderNPI: dentist.NPI,
		PayerSequence:        claim.PayerSequence,
		TotalCents:           claim.TotalCents,
		Patient: clearinghouse.Party{
			FirstName:   patient.FirstName,
			LastName:    patient.LastName,
			DateOfBirth: patient.DateOfBirth.Format(time.DateOnly),
		},
		Subscriber: clearinghouse.Party{
			MemberID:     sub.MemberID,
			GroupNumber:  sub.GroupNumber,
			FirstName:    sub.FirstName,
			LastName:     sub.LastName,
			DateOfBirth:  sub.DateOfBirth.Format(time.DateOnly),
			Relationship: sub.Relationship,
		},
	}
	var serviceDate string
	for _, l := range lines {
		d := l.ServiceDate.Format(time.DateOnly)
		if serviceDate == "" || d < serviceDate {
			serviceDate = d
		}
		req.Lines = append(req.Lines, clearinghouse.ServiceLine{
			CDTCode: l.CDTCode, Tooth: l.Tooth, Surfaces: l.Surfaces, FeeCents: l.FeeCents, ServiceDate: d,
		})
	}
	return ClaimPacket{Request: req, Documents: docs, ServiceDate: serviceDate}, nil
}

// UploadAttachments sends radiographs and photos ahead of the claim so the
// claim can carry their attachment control numbers.
func (a *Activities) UploadAttachments(ctx context.Context, in UploadAttachmentsInput) (UploadAttachmentsOutput, error) {
	var out UploadAttachmentsOutput
	rows := make([]models.ClaimAttachment, 0, len(in.Documents))
	for _, doc := range in.Documents {
		activity.RecordHeartbeat(ctx, doc.Ref)
		content, err := a.fetchDocument(ctx, doc.Ref)
		if err != nil {
			return out, fmt.Errorf("fetch %s: %w", doc.Ref, err)
		}
		receipt, err := a.clearinghouse.UploadAttachment(ctx, clearinghouse.AttachmentRequest{
			PayerID:       in.PayerID,
			DocumentType:  doc.Kind,
			FileName:      doc.FileName,
			ContentBase64: base64.StdEncoding.EncodeToString(content),
			PatientName:   in.PatientName,
			ServiceDate:   in.ServiceDate,
		})
		if err != nil {
			return out, err
		}
		out.AttachmentIDs = append(out.AttachmentIDs, receipt.AttachmentID)
		rows = append(rows, models.ClaimAttachment{
			ID:           uuid.New(),
			ClaimID:      in.ClaimID,
			DocumentRef:  doc.Ref,
			AttachmentID: receipt.AttachmentID,
		})
	}
	if err := a.db.WithContext(ctx).Create(&rows).Error; err != nil {
		return out, fmt.Errorf("record attachments: %w", err)
	}
	return out, nil
}

func (a *Activities) SubmitToClearingHouse(ctx context.Context, in SubmitInput) (clearinghouse.ClaimReceipt, error) {
	info := activity.GetInfo(ctx)
	receipt, err := a.clearinghouse.SubmitClaim(ctx, in.Request)

	attempt := models.ClaimSubmissionAttempt{
		ID:         ids.New(),
		ClaimID:    in.ClaimID,
		WorkflowID: in.WorkflowID,
		Attempt:    int(info.Attempt),
		Outcome:    "submitted",
	}
	if err != nil {
		msg := err.Error()
		attempt.Outcome, attempt.Detail = "error", &msg
	} else if receipt.Duplicate {
		attempt.Outcome = "duplicate"
	}
	if aerr := a.attempts.Create(ctx, &attempt); aerr != nil {
		activity.GetLogger(ctx).Warn("record submission attempt", "claim_id", in.ClaimID, "err", aerr)
	}
	return receipt, err
}

func (a *Activities) RecordSubmission(ctx context.Context, in RecordSubmissionInput) error {
	now := time.Now().UTC()
	return database.Transact(ctx, a.db, func(tx *gorm.DB) error {
		sub := models.ClaimSubmission{
			ID:                   uuid.New(),
			ClaimID:              in.ClaimID,
			ClearinghouseClaimID: in.ClearinghouseClaimID,
			BatchID:              in.BatchID,
			WorkflowID:           in.WorkflowID,
			SubmittedAt:          now,
		}
		if err := tx.Create(&sub).Error; err != nil {
			return fmt.Errorf("insert submission: %w", err)
		}
		return tx.Model(&models.Claim{}).Where("id = ?", in.ClaimID).
			Updates(map[string]any{"status": models.ClaimSubmitted, "submitted_at": now, "updated_at": now}).Error
	})
}

// PollAcknowledgement fails with AckPending until the payer has answered;
// the retry policy turns that into a slow poll.
func (a *Activities) PollAcknowledgement(ctx context.Context, in PollAckInput) (clearinghouse.Acknowledgement, error) {
	ack, err := a.clearinghouse.GetAcknowledgement(ctx, in.ClearinghouseClaimID)
	if err != nil {
		return clearinghouse.Acknowledgement{}, err
	}
	if ack == nil {
		return clearinghouse.Acknowledgement{}, temporal.NewApplicationError("acknowledgement pending", errAckPending)
	}
	return *ack, nil
}

func (a *Activities) RecordAcknowledgement(ctx context.Context, in RecordAckInput) error {
	status := models.ClaimAccepted
	if in.Ack.Status != "accepted" {
		status = models.ClaimRejected
	}
	reasons := in.Ack.Reasons
	if reasons == nil {
		reasons = []string{}
	}
	return database.Transact(ctx, a.db, func(tx *gorm.DB) error {
		ack := models.ClaimAcknowledgement{
			ID:               uuid.New(),
			ClaimID:          in.ClaimID,
			AckControlNumber: in.Ack.ControlNumber,
			Status:           status,
			Reasons:          models.MustJSON(reasons),
			ReceivedAt:       in.Ack.ReceivedAt,
		}
		if err := tx.Create(&ack).Error; err != nil {
			return fmt.Errorf("insert acknowledgement: %w", err)
		}
		updates := map[string]any{"status": status, "updated_at": time.Now().UTC()}
		if status == models.ClaimRejected {
			updates["resubmissions"] = gorm.Expr("resubmissions + 1")
		}
		return tx.Model(&models.Claim{}).Where("id = ?", in.ClaimID).Updates(updates).Error
	})
}

func (a *Activities) NotifyPatient(ctx context.Context, in NotifyPatientInput) error {
	claim, err := a.claims.Get(ctx, in.ClaimID)
	if err != nil {
		return err
	}
	patient, err := a.patients.Get(ctx, claim.PatientID)
	if err != nil {
		return err
	}
	if !patient.SMSOptIn {
		return nil
	}
	practice, err := a.practices.Get(ctx, claim.PracticeID)
	if err != nil {
		return err
	}
	_, err = a.sms.Send(ctx, sms.Message{
		To:   patient.PhoneE164,
		From: practice.SMSSender,
		Body: fmt.Sprintf("%s: your insurance accepted the claim for your recent visit. "+
			"We'll send a statement for any remaining balance. Reply STOP to opt out.", practice.Name),
		IdempotencyKey: fmt.Sprintf("claim-accepted:%s:%d", claim.ID, in.Resubmission),
		Tag:            "claim:" + claim.ID.String(),
	})
	return err
}
