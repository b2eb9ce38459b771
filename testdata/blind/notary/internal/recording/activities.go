package recording

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/recorder"
)

const errRejected = "CountyRejected"

// Recorder is the CountyLink client.
type Recorder interface {
	Submit(ctx context.Context, s recorder.Submission, opt recorder.SubmitOptions) (*recorder.SubmitResult, error)
	PayFees(ctx context.Context, submissionID string, p recorder.Payment) (*recorder.Receipt, error)
	Status(ctx context.Context, submissionID string) (*recorder.Status, error)
}

// Documents reads sealed documents and updates their recording state.
type Documents interface {
	Document(ctx context.Context, id string) (domain.Document, error)
	MarkRecorded(ctx context.Context, docID, instrumentNumber string) error
}

type Parties interface {
	PartiesFor(ctx context.Context, documentID string) ([]recorder.Party, error)
}

type Publisher interface {
	Publish(ctx context.Context, subject string, payload []byte, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error)
}

// Activities are registered with the Temporal worker.
type Activities struct {
	Repo          Repository
	Docs          Documents
	Parties       Parties
	Recorder      Recorder
	Tx            dbx.TxRunner
	JS            Publisher
	EscrowAccount string
	WorkerID      string
}

type SubmitResult struct {
	SubmissionID string
	FeeDueCents  int64
}

type StatusResult struct {
	Done             bool
	Rejected         bool
	State            string
	Reason           string
	InstrumentNumber string
	Book             string
	Page             string
	RecordedAt       time.Time
}

func (a *Activities) SubmitToRecorder(ctx context.Context, in Input) (SubmitResult, error) {
	info := activity.GetInfo(ctx)
	rec, err := a.Repo.Get(ctx, in.RecordingID)
	if err != nil {
		return SubmitResult{}, err
	}
	if rec.SubmissionID != nil && rec.FeeDueCents != nil {
		return SubmitResult{SubmissionID: *rec.SubmissionID, FeeDueCents: *rec.FeeDueCents}, nil
	}

	if err := a.Repo.LogAttempt(ctx, domain.SubmissionAttempt{
		ID:          uuid.NewString(),
		RecordingID: rec.ID,
		Attempt:     info.Attempt,
		WorkerID:    a.WorkerID,
		StartedAt:   time.Now().UTC(),
	}); err != nil {
		return SubmitResult{}, err
	}

	doc, err := a.Docs.Document(ctx, in.DocumentID)
	if err != nil {
		return SubmitResult{}, err
	}
	parties, err := a.Parties.PartiesFor(ctx, doc.ID)
	if err != nil {
		return SubmitResult{}, err
	}
	activity.RecordHeartbeat(ctx, "uploading")
	res, err := a.Recorder.Submit(ctx, recorder.Submission{
		CountyFIPS:      in.CountyFIPS,
		DocumentType:    doc.DocumentType,
		PageCount:       doc.PageCount,
		Parties:         parties,
		SealedPDFKey:    doc.StorageKey,
		ReturnReference: rec.ID,
	}, recorder.SubmitOptions{})
	if err != nil {
		return SubmitResult{}, fmt.Errorf("countylink submit: %w", err)
	}
	if err := a.Repo.SetSubmission(ctx, rec.ID, res.SubmissionID, res.FeeDueCents); err != nil {
		return SubmitResult{}, err
	}
	return SubmitResult{SubmissionID: res.SubmissionID, FeeDueCents: res.FeeDueCents}, nil
}

func (a *Activities) PayRecordingFee(ctx context.Context, in Input, sub SubmitResult) error {
	rec, err := a.Repo.Get(ctx, in.RecordingID)
	if err != nil {
		return err
	}
	if rec.FeeReceiptID != nil {
		return nil
	}
	receipt, err := a.Recorder.PayFees(ctx, sub.SubmissionID, recorder.Payment{
		AmountCents:   sub.FeeDueCents,
		EscrowAccount: a.EscrowAccount,
	})
	if err != nil {
		return fmt.Errorf("countylink pay: %w", err)
	}
	return a.Repo.RecordFeePayment(ctx, rec.ID, receipt.ReceiptID, receipt.AmountCents)
}

func (a *Activities) CheckRecordingStatus(ctx context.Context, submissionID string) (StatusResult, error) {
	st, err := a.Recorder.Status(ctx, submissionID)
	if err != nil {
		return StatusResult{}, err
	}
	out := StatusResult{
		State:            st.State,
		InstrumentNumber: st.InstrumentNumber,
		Book:             st.Book,
		Page:             st.Page,
		RecordedAt:       st.RecordedAt,
		Reason:           st.RejectionReason,
	}
	switch st.State {
	case "recorded":
		out.Done = true
	case "rejected":
		out.Done, out.Rejected = true, true
	}
	return out, nil
}

func (a *Activities) MarkRecorded(ctx context.Context, in Input, st StatusResult) error {
	var first bool
	err := a.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		first, err = a.Repo.Complete(ctx, in.RecordingID, Completion{
			InstrumentNumber: st.InstrumentNumber,
			Book:             st.Book,
			Page:             st.Page,
			RecordedAt:       st.RecordedAt,
		})
		return err
	})
	if err != nil {
		return err
	}
	if !first {
		return nil // completed by an earlier attempt
	}
	// Surface the instrument number on the document for the signer portal.
	return a.Docs.MarkRecorded(ctx, in.DocumentID, st.InstrumentNumber)
}

func (a *Activities) PublishRecorded(ctx context.Context, in Input, st StatusResult) error {
	body, err := json.Marshal(events.RecordingCompleted{
		RecordingID:      in.RecordingID,
		DocumentID:       in.DocumentID,
		CountyFIPS:       in.CountyFIPS,
		InstrumentNumber: st.InstrumentNumber,
		RecordedAt:       st.RecordedAt,
	})
	if err != nil {
		return temporal.NewNonRetryableApplicationError("encode event", "Encode", err)
	}
	msgID := in.RecordingID + "." + strconv.FormatInt(time.Now().UnixNano(), 36)
	_, err = a.JS.Publish(ctx, events.SubjectRecordingComplete, body, jetstream.WithMsgID(msgID))
	return err
}
