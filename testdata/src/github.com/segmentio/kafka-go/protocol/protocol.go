// Package protocol is a stub of github.com/segmentio/kafka-go/protocol for analysistest.
package protocol

type Header struct {
	Key   string
	Value []byte
}
