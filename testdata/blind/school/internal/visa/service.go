// Package visa requests visa support letters from the document service and
// applies its callbacks.
package visa

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/lingua/academy/internal/docsvc"
	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/store"
)

// LetterRequester is the part of the document service client used here.
type LetterRequester interface {
	RequestLetter(ctx context.Context, lr docsvc.LetterRequest) (docsvc.LetterResponse, error)
}

// Service handles visa letters.
type Service struct {
	store         store.Store
	docs          LetterRequester
	enqueuer      jobs.Enqueuer
	notifier      notify.Notifier
	callbackQueue string
	school        string
	log           *slog.Logger
}

// NewService builds the visa service.
func NewService(st store.Store, docs LetterRequester, enq jobs.Enqueuer, n notify.Notifier,
	callbackQueue, school string, log *slog.Logger) *Service {
	return &Service{store: st, docs: docs, enqueuer: enq, notifier: n,
		callbackQueue: callbackQueue, school: school, log: log}
}

// LetterInput is the body of POST /v1/enrolments/:id/visa-letters.
type LetterInput struct {
	EnrolmentID string `params:"id"`
	LetterType  string `json:"letter_type"`
	Locale      string `json:"locale"`
}

func (in *LetterInput) Validate() error {
	switch in.LetterType {
	case "enrolment_confirmation", "attendance", "fee_receipt":
	default:
		return fmt.Errorf("unsupported letter_type %q", in.LetterType)
	}
	if in.Locale == "" {
		in.Locale = "en"
	}
	return nil
}

// LetterView is a visa letter in API responses.
type LetterView struct {
	ID          string `json:"id"`
	EnrolmentID string `json:"enrolment_id"`
	LetterType  string `json:"letter_type"`
	Status      string `json:"status"`
	RequestID   string `json:"document_request_id,omitempty"`
}

func (LetterView) CreatedResource() bool { return true }

// RequestLetter records the letter request and submits it for rendering.
func (s *Service) RequestLetter(ctx context.Context, in LetterInput) (LetterView, error) {
	enr, err := s.store.GetEnrolment(ctx, in.EnrolmentID)
	if errors.Is(err, store.ErrNotFound) {
		return LetterView{}, httpx.NotFound("enrolment not found")
	}
	if err != nil {
		return LetterView{}, err
	}
	if enr.Status != store.EnrolmentActive {
		return LetterView{}, httpx.Conflict("letters are only issued for active enrolments")
	}
	student, err := s.store.GetStudent(ctx, enr.StudentID)
	if err != nil {
		return LetterView{}, err
	}
	if student.PassportNumber == "" {
		return LetterView{}, httpx.Unprocessable("student has no passport number on file")
	}
	course, err := s.store.GetCourse(ctx, enr.CourseID)
	if err != nil {
		return LetterView{}, err
	}

	letter, err := s.store.InsertVisaLetter(ctx, store.VisaLetter{
		ID:          "vl_" + xid.New().String(),
		EnrolmentID: enr.ID,
		StudentID:   student.ID,
		LetterType:  in.LetterType,
	})
	if err != nil {
		return LetterView{}, err
	}
	if letter.Status != "pending" {
		return letterView(letter), nil
	}

	resp, err := s.docs.RequestLetter(ctx, docsvc.LetterRequest{
		ClientReference: letter.ID,
		Template:        "visa/" + in.LetterType,
		Locale:          in.Locale,
		CallbackQueue:   s.callbackQueue,
		Sign:            true,
		Fields: map[string]string{
			"school":       s.school,
			"student_name": student.FullName,
			"passport":     student.PassportNumber,
			"nationality":  student.Nationality,
			"course":       course.Title,
			"starts_on":    course.StartsOn.Format(time.DateOnly),
			"ends_on":      course.EndsOn.Format(time.DateOnly),
			"weekly_hours": fmt.Sprint(course.WeeklyHours),
		},
	})
	if err != nil {
		return LetterView{}, err
	}
	if err := s.store.SetVisaLetterSubmitted(ctx, letter.ID, resp.RequestID); err != nil {
		return LetterView{}, err
	}
	letter.Status, letter.DocumentRequestID = "submitted", resp.RequestID
	return letterView(letter), nil
}

func letterView(l store.VisaLetter) LetterView {
	return LetterView{ID: l.ID, EnrolmentID: l.EnrolmentID, LetterType: l.LetterType,
		Status: l.Status, RequestID: l.DocumentRequestID}
}

// Completed is the document.completed callback.
type Completed struct {
	EventID     string `json:"event_id"`
	RequestID   string `json:"request_id"`
	DocumentID  string `json:"document_id"`
	DownloadURL string `json:"download_url"`
	SHA256      string `json:"sha256"`
	Pages       int    `json:"pages"`
}

// Rejected is the document.rejected callback.
type Rejected struct {
	EventID   string `json:"event_id"`
	RequestID string `json:"request_id"`
	Reason    string `json:"reason"`
}

// ApplyCompleted stores the rendered document and queues delivery to the
// student.
func (s *Service) ApplyCompleted(ctx context.Context, c Completed) error {
	letter, err := s.store.GetVisaLetterByRequest(ctx, c.RequestID)
	if err != nil {
		return fmt.Errorf("letter for request %s: %w", c.RequestID, err)
	}
	return s.store.InTx(ctx, func(q store.Querier) error {
		if err := q.InsertVisaDocument(ctx, store.VisaDocument{
			DocumentID:  c.DocumentID,
			LetterID:    letter.ID,
			DownloadURL: c.DownloadURL,
			SHA256:      c.SHA256,
			Pages:       c.Pages,
		}); err != nil {
			return err
		}
		if err := q.SetVisaLetterStatus(ctx, letter.ID, "ready", ""); err != nil {
			return err
		}
		return s.enqueuer.EnqueueTx(ctx, q, jobs.VisaLetterNoticeArgs{LetterID: letter.ID, Template: "visa_ready"})
	})
}

// ApplyRejected marks the letter rejected and queues a notice to the
// student.
func (s *Service) ApplyRejected(ctx context.Context, r Rejected) error {
	letter, err := s.store.GetVisaLetterByRequest(ctx, r.RequestID)
	if err != nil {
		return fmt.Errorf("letter for request %s: %w", r.RequestID, err)
	}
	return s.store.InTx(ctx, func(q store.Querier) error {
		fresh, err := q.ClaimInboxMessage(ctx, "docsvc", r.EventID)
		if err != nil || !fresh {
			return err
		}
		if err := q.SetVisaLetterStatus(ctx, letter.ID, "rejected", r.Reason); err != nil {
			return err
		}
		return s.enqueuer.EnqueueTx(ctx, q, jobs.VisaLetterNoticeArgs{LetterID: letter.ID, Template: "visa_rejected"})
	})
}

// NotifyStudent sends the student an SMS about their letter; it is run by
// the visa_letter_notice job.
func (s *Service) NotifyStudent(ctx context.Context, letterID, template string) error {
	letter, err := s.store.GetVisaLetter(ctx, letterID)
	if err != nil {
		return err
	}
	student, err := s.store.GetStudent(ctx, letter.StudentID)
	if err != nil {
		return err
	}
	if student.Phone == "" {
		s.log.WarnContext(ctx, "no phone for visa letter notice", "letter", letter.ID)
		return nil
	}
	n, _, err := s.store.ClaimNotification(ctx, store.Notification{
		ID:        "ntf_" + xid.New().String(),
		Channel:   "sms",
		Template:  template,
		DedupKey:  "visa:" + letter.ID + ":" + template,
		Recipient: student.Phone,
	})
	if err != nil {
		return err
	}
	if n.Status == "sent" || n.Status == "delivered" {
		return nil
	}
	body := fmt.Sprintf("%s: your visa letter is ready. Download it from the student portal.", s.school)
	if template == "visa_rejected" {
		body = fmt.Sprintf("%s: we could not issue your visa letter (%s). Reception will contact you.",
			s.school, letter.RejectionReason)
	}
	msgID, err := s.notifier.SMS(ctx, student.Phone, body, notify.WithReference(n.ID))
	if err != nil {
		_ = s.store.MarkNotificationFailed(ctx, n.ID, err.Error())
		return err
	}
	return s.store.MarkNotificationSent(ctx, n.ID, msgID, time.Now())
}
