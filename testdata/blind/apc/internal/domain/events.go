package domain

import "time"

// Kafka topics.
const (
	TopicManuscripts = "editorial.manuscripts.v1"
	TopicArticles    = "production.articles.v1"
	TopicBilling     = "apc.billing.v1"
	TopicAgreements  = "apc.agreements.v1"
)

// Event types.
const (
	EventManuscriptAccepted    = "manuscript.accepted"
	EventManuscriptWithdrawn   = "manuscript.withdrawn"
	EventManuscriptTransferred = "manuscript.transferred"
	EventArticleCorrected      = "article.corrected"
	EventInvoiceIssued         = "invoice.issued"
	EventInvoicePaid           = "invoice.paid"
	EventInvoiceSettled        = "invoice.settled"
	EventInvoiceCleared        = "invoice.cleared"
	EventInvoiceVoided         = "invoice.voided"
	EventAgreementUpserted     = "agreement.upserted"
	EventAgreementToppedUp     = "agreement.topped_up"
)

// ManuscriptAccepted is published by the editorial system when a
// manuscript is accepted for publication.
type ManuscriptAccepted struct {
	ManuscriptID      string    `json:"manuscript_id"`
	ArticleID         string    `json:"article_id"`
	DOI               string    `json:"doi"`
	Title             string    `json:"title"`
	ArticleType       string    `json:"article_type"`
	JournalCode       string    `json:"journal_code"`
	CorrespondingName string    `json:"corresponding_name"`
	CorrespondingMail string    `json:"corresponding_email"`
	InstitutionID     string    `json:"institution_id,omitempty"`
	Country           string    `json:"country"`
	Currency          string    `json:"currency"`
	AcceptedAt        time.Time `json:"accepted_at"`
}

// ManuscriptWithdrawn is published when an accepted manuscript is pulled.
type ManuscriptWithdrawn struct {
	ManuscriptID string    `json:"manuscript_id"`
	Reason       string    `json:"reason"`
	WithdrawnAt  time.Time `json:"withdrawn_at"`
}

// ManuscriptTransferred is published when an accepted manuscript moves to
// a sister journal before publication.
type ManuscriptTransferred struct {
	ManuscriptID string `json:"manuscript_id"`
	FromJournal  string `json:"from_journal"`
	ToJournal    string `json:"to_journal"`
	ArticleType  string `json:"article_type"`
}

// ArticleCorrected is published by production when published metadata
// changes (title, landing page).
type ArticleCorrected struct {
	ArticleID   string    `json:"article_id"`
	DOI         string    `json:"doi"`
	Title       string    `json:"title"`
	LandingURL  string    `json:"landing_url"`
	CorrectedAt time.Time `json:"corrected_at"`
}

// InvoiceIssued is relayed from the outbox when an invoice is created.
type InvoiceIssued struct {
	InvoiceID string `json:"invoice_id"`
	Number    string `json:"number"`
}

// InvoicePaidPayload is relayed from the outbox when money is collected.
type InvoicePaidPayload struct {
	InvoiceID string `json:"invoice_id"`
	PaymentID string `json:"payment_id"`
}

// InvoiceCleared means nothing more is owed and publication may proceed,
// whether by payment, agreement or waiver.
type InvoiceCleared struct {
	InvoiceID  string `json:"invoice_id"`
	ArticleID  string `json:"article_id"`
	DOI        string `json:"doi"`
	Title      string `json:"title"`
	Journal    string `json:"journal_code"`
	ClearedVia string `json:"cleared_via"`
}

// AgreementUpserted is published by the sales CRM whenever an
// institutional agreement is created or amended.
type AgreementUpserted struct {
	ExternalRef   string `json:"external_ref"`
	InstitutionID string `json:"institution_id"`
	Name          string `json:"name"`
	Currency      string `json:"currency"`
	Status        string `json:"status"`
	ValidFrom     string `json:"valid_from"`
	ValidTo       string `json:"valid_to"`
}

// AgreementToppedUp is published by the CRM when an institution buys more
// prepaid credit.
type AgreementToppedUp struct {
	ExternalRef string `json:"external_ref"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	PurchaseRef string `json:"purchase_ref"`
}
