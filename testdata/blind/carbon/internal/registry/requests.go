package registry

import (
	"net/http"
	"strconv"
	"time"
)

// Serials is an inclusive serial range.
type Serials struct {
	Start int64 `json:"start"`
	End   int64 `json:"end"`
}

// RetirementSubmission is the body of POST /v2/retirements.
type RetirementSubmission struct {
	BatchRef      string  `json:"batch_ref"`
	Quantity      int64   `json:"quantity"`
	Beneficiary   string  `json:"beneficiary"`
	Purpose       string  `json:"purpose"`
	ReportingYear int     `json:"reporting_year"`
	ExternalRef   string  `json:"external_ref"`
	Serials       Serials `json:"serials,omitempty"`
}

// RetirementReceipt is the partner's answer to a retirement submission.
type RetirementReceipt struct {
	SubmissionID string    `json:"submission_id"`
	Status       string    `json:"status"`
	ReceivedAt   time.Time `json:"received_at"`
}

// SubmitRetirement describes a retirement submission.
func (c *Client) SubmitRetirement(s RetirementSubmission) *Builder {
	return c.newBuilder(http.MethodPost, "/v2/retirements").JSON(s)
}

// TransferNotice is the body of POST /v2/transfers.
type TransferNotice struct {
	BatchRef    string `json:"batch_ref"`
	FromHolder  string `json:"from_holder"`
	ToHolder    string `json:"to_holder"`
	Quantity    int64  `json:"quantity"`
	ExternalRef string `json:"external_ref"`
}

// TransferReceipt is the partner's answer to a transfer notice.
type TransferReceipt struct {
	TransferRef string `json:"transfer_ref"`
	Status      string `json:"status"`
}

// NotifyTransfer describes a holder-to-holder transfer notice.
func (c *Client) NotifyTransfer(n TransferNotice) *Builder {
	return c.newBuilder(http.MethodPost, "/v2/transfers").JSON(n)
}

// ExportRequest is the body of POST /v2/cross-registry-exports.
type ExportRequest struct {
	BatchRef            string `json:"batch_ref"`
	Quantity            int64  `json:"quantity"`
	DestinationRegistry string `json:"destination_registry"`
	DestinationAccount  string `json:"destination_account"`
	Memo                string `json:"memo,omitempty"`
}

// ExportReceipt is the partner's answer to an export.
type ExportReceipt struct {
	ExportID string `json:"export_id"`
	Status   string `json:"status"`
}

// StartExport describes a cross-registry export. Each accepted call opens a
// new export at the partner.
func (c *Client) StartExport(e ExportRequest) *Builder {
	return c.newBuilder(http.MethodPost, "/v2/cross-registry-exports").JSON(e)
}

// BatchSerials describes a lookup of the serial blocks of a batch.
func (c *Client) BatchSerials(batchRef string, page int) *Builder {
	return c.newBuilder(http.MethodGet, "/v2/batches/"+batchRef+"/serials").
		Param("page", strconv.Itoa(page))
}
