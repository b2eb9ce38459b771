package grpcapi

import "time"

type BookLessonRequest struct {
	TutorID     string    `json:"tutor_id"`
	StartsAt    time.Time `json:"starts_at"`
	DurationMin int       `json:"duration_min"`
}

type Lesson struct {
	ID          string    `json:"id"`
	TutorID     string    `json:"tutor_id"`
	StartsAt    time.Time `json:"starts_at"`
	DurationMin int       `json:"duration_min"`
	Credits     int       `json:"credits"`
	Status      string    `json:"status"`
}

type BookLessonResponse struct {
	Lesson Lesson `json:"lesson"`
}

type RescheduleLessonRequest struct {
	LessonID    string    `json:"lesson_id"`
	NewStartsAt time.Time `json:"new_starts_at"`
}

type RescheduleLessonResponse struct {
	Lesson Lesson `json:"lesson"`
}

type CancelLessonRequest struct {
	LessonID string `json:"lesson_id"`
	RefundTo string `json:"refund_to"` // "credits" (default) or "card"
}

type CancelLessonResponse struct {
	Lesson      Lesson `json:"lesson"`
	Percent     int    `json:"percent"`
	CreditsBack int    `json:"credits_back"`
	RefundCents int64  `json:"refund_cents"`
	RefundID    string `json:"refund_id,omitempty"`
}

type PurchasePackageRequest struct {
	PackageID string `json:"package_id"`
}

type PurchasePackageResponse struct {
	PurchaseID      string `json:"purchase_id"`
	Status          string `json:"status"`
	PaymentIntentID string `json:"payment_intent_id"`
	ClientSecret    string `json:"client_secret,omitempty"`
	Credits         int    `json:"credits"`
}

type SubmitReviewRequest struct {
	LessonID string `json:"lesson_id"`
	Rating   int    `json:"rating"`
	Body     string `json:"body"`
}

type SubmitReviewResponse struct {
	ReviewID string `json:"review_id"`
}

type RedeemReferralRequest struct {
	Code    string `json:"code"`
	ClickID string `json:"click_id"`
}

type RedeemReferralResponse struct {
	CreditsGranted int `json:"credits_granted"`
	Balance        int `json:"balance"`
}

type GetCreditBalanceRequest struct{}

type GetCreditBalanceResponse struct {
	Balance int `json:"balance"`
}
