// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/sfn/types v1.41.2 for analysistest.
package types

type IncludedData string

const (
	IncludedDataAllData      IncludedData = "ALL_DATA"
	IncludedDataMetadataOnly IncludedData = "METADATA_ONLY"
)

type SyncExecutionStatus string

const (
	SyncExecutionStatusSucceeded SyncExecutionStatus = "SUCCEEDED"
	SyncExecutionStatusFailed    SyncExecutionStatus = "FAILED"
	SyncExecutionStatusTimedOut  SyncExecutionStatus = "TIMED_OUT"
)
