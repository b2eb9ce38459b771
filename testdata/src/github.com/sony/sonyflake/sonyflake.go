// Package sonyflake is a stub of github.com/sony/sonyflake v1.2.0 for analysistest.
package sonyflake

type Settings struct{}

type Sonyflake struct{}

func NewSonyflake(st Settings) *Sonyflake { return nil }

func (sf *Sonyflake) NextID() (uint64, error) { return 0, nil }
