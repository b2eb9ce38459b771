package grpcapi

// TransferRequest moves credits between accounts. Reference is the caller's
// own ID for the transfer.
type TransferRequest struct {
	Reference   string `json:"reference"`
	FromAccount string `json:"from_account"`
	ToAccount   string `json:"to_account"`
	BatchID     string `json:"batch_id"`
	Quantity    int64  `json:"quantity"`
}

// TransferReply describes the stored transfer.
type TransferReply struct {
	TransferID string `json:"transfer_id"`
	Status     string `json:"status"`
}

// ReserveRequest holds credits under a reference.
type ReserveRequest struct {
	ReservationRef string `json:"reservation_ref"`
	AccountID      string `json:"account_id"`
	BatchID        string `json:"batch_id"`
	Quantity       int64  `json:"quantity"`
}

// ReserveReply describes the hold.
type ReserveReply struct {
	ReservationID string `json:"reservation_id"`
	Status        string `json:"status"`
	Quantity      int64  `json:"quantity"`
}

// ReleaseRequest drops a hold.
type ReleaseRequest struct {
	ReservationRef string `json:"reservation_ref"`
}

// ReleaseReply reports whether this call released the hold.
type ReleaseReply struct {
	Released bool `json:"released"`
}

// ExportRequest moves credits to another registry.
type ExportRequest struct {
	Reference           string `json:"reference"`
	AccountID           string `json:"account_id"`
	BatchID             string `json:"batch_id"`
	Quantity            int64  `json:"quantity"`
	DestinationRegistry string `json:"destination_registry"`
	DestinationAccount  string `json:"destination_account"`
}

// ExportReply describes the export.
type ExportReply struct {
	ExportID          string `json:"export_id"`
	PartnerTransferID string `json:"partner_transfer_id"`
}
