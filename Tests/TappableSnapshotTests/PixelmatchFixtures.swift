// Generated fixtures: anti-aliased circles (4x4 supersampled) moved by a fraction of a pixel,
// on opaque and translucent backgrounds, plus random noise. Expected counts and diff-image CRC-32s
// come from running pixelmatch 5.3.0's algorithm (index.js, transcribed verbatim) under Node.
let pixelmatchFixtures: [(name: String, a: String, b: String, expectations: [(threshold: Double, includeAA: Bool, diffMask: Bool, count: Int, diffCRC: UInt32)])] = [
    (name: "black circle on white, moved (0.5, 0.3) px",
     a: "iVBORw0KGgoAAAANSUhEUgAAADAAAAAoCAYAAAC4h3lxAAAAtklEQVR42u2YUQqAIBBE9ygeySN4M4/gEY0J/CiI1NZybYSBKJN5MG5rko0PIQABCEAAAhDg1wAxxuy9z865LCK7cI17eDYtQErpYPpKmIO5UwGEEG6Nn4V3pgDoMT8SQlpj02u+SDtOTQA1ma/ZE58AoKI8NV+kWZ2qAVAWtQCw1usAGvEZEaNqAC3zRQT4XYTMb2LzZdT8h2yJVsJ8M7dEO73EgWaJIyX/ShCAAAQgAAEIoDA2scg5O5fW3KUAAAAASUVORK5CYII=",
     b: "iVBORw0KGgoAAAANSUhEUgAAADAAAAAoCAYAAAC4h3lxAAABF0lEQVR42u2YWw2EMBBFKwEJSEACEpCAlDpAAhKQUAlIQAISujkk/dmEzbadUnYZkgmhj8k90MwD43/8MgqgAAqgAAqgAI8HWNfVW2v9MAy+7/vjzjPjtwaY59m3beuNMafGPOtuBbDv+/GWPwl/N9azrzoAIrquixIfjH3SENEA4zgmiQ/G/moAzrks8cHwUwWACCMBgJ/LAbZtExEfDH+XAizLIgqAv0sBSEySAPhTgEcBSIVQ6VAaFUabphERj58qeSA3C5fIxlEA1DG5X4H9kvVQdC1EaZwDIF1aJ5XTqRAl+oLkhoZM+u1xYp1U5hXtyDjL0zSddmWMM1+ikRFv6hFJbA9WUrT+lVAABVAABVCAvwF4AVV0N1sXTeqyAAAAAElFTkSuQmCC",
     expectations: [
        (threshold: 0.05, includeAA: false, diffMask: false, count: 0, diffCRC: 0x054846D1),
        (threshold: 0.1, includeAA: false, diffMask: false, count: 0, diffCRC: 0x95EF7FB2),
        (threshold: 0.1, includeAA: true, diffMask: false, count: 66, diffCRC: 0x9986F3DB),
        (threshold: 0.0, includeAA: false, diffMask: true, count: 0, diffCRC: 0x6D72F0FC),
        (threshold: 0.3, includeAA: false, diffMask: false, count: 0, diffCRC: 0xDF73ED30),
     ]),
    (name: "red circle on cream with noise, moved 0.7 px",
     a: "iVBORw0KGgoAAAANSUhEUgAAADAAAAAoCAYAAAC4h3lxAAABDElEQVR42mP48OHE/6GMGUY9MOoB8nF+OW/qaAwMBDbRuUEbD7y+tu3/vSnd/y8Fxf8/pe36/4ScDRiD2CAxkBxIzaCLAZCjrucWwB1MCIPUUssjFHvg4cIpKKFNLAbpAekdUA+AHIDsqKd9zIGkeoRSTzBQy/GUYEo8wUBumicn2eBLTuTmCbI8QEqGJSVj08UDoJCituNhmJxYINkDoLKcFEf1+ecRrRZkNs09AKqQaBUDILNp7gFqZl5smZnmHqCV42F41APDPgkN+UxMajFKCqZLMTrkK7Ih35QYFo25Id+cpqYnBqRDY8nTMzy6lMOiUz8shlVGR+ZGPTDqgVEPjHpg1AOjHiATAwAIRa96TMWjqQAAAABJRU5ErkJggg==",
     b: "iVBORw0KGgoAAAANSUhEUgAAADAAAAAoCAYAAAC4h3lxAAABOklEQVR42mP48OHE/6GMGUY9MOoB0vEhw+0bRmNg2Hrgxcl1/29VVf6/FBT//4ScDRyftfD7fyUh4//DhVP+v3u8n2J73hzqKqCqB57tWfr/gmsYiqNx4VParv/vtDdRxSNU8QAoxIlxODoGeRgUYwPmAVAIEhvq+GKDEk9Q5IHruQUUOR7ZE6+vbaOvB0CZEZtjFHMW5pDjCVCmp5sHQEkHFGrUCH1kDAoUungAV+hTikH5iS4eoDTj4sOkZmi8HsjuUMEqTivHg/C9Kd20iYG+F7uCYRUWLT0AqlNomoRo7QFSS6NRDwy5JDRkM/GQLEaHbUVGTlNi2s6kwdOUoEUs0LUxNyya08OiQzOkupQlUzSGb6d+IIZVRge2Rj0w6gEaeUDstf1oDBCDZUoFFo4moVEPjHrgxH8A0wGqU3Q/yEUAAAAASUVORK5CYII=",
     expectations: [
        (threshold: 0.05, includeAA: false, diffMask: false, count: 13, diffCRC: 0x37E10039),
        (threshold: 0.1, includeAA: false, diffMask: false, count: 12, diffCRC: 0x05122835),
        (threshold: 0.1, includeAA: true, diffMask: false, count: 88, diffCRC: 0xFFBF6AB1),
        (threshold: 0.0, includeAA: false, diffMask: true, count: 14, diffCRC: 0x35B797D2),
        (threshold: 0.3, includeAA: false, diffMask: false, count: 10, diffCRC: 0xC0AEF5A7),
     ]),
    (name: "blue circle over transparency vs translucent background",
     a: "iVBORw0KGgoAAAANSUhEUgAAADAAAAAoCAYAAAC4h3lxAAAA9klEQVR42mNgGAWjYBSMgmEDWMXsHLiNe/v5XfbsFw559V4k6td/EAaxQWIgOZCaQedwDqW4BCH/2/dhDiaEQWpBegbc4SyC+gYCnqfPE+twdAzSCzJjQBzPJuMXgJxMyMUgM0Bm0d3xlDocHdPNE6Aop0bIY4sJuiQnStI8MXmC5qUNrRwPwzQtnUgpKsnFIDtoVknR2vEwTJPKDlSL0ssDILuo7gFQU4BeHgDZRXUP0KLoxFekUt0D9HI8DI96YNgloSGfiYd8MTrkK7Ih35QYFo25Id+cHhYdmiHfpRwWnfphMawyLAa2hs3Q4igYBaNgFJANAOZ2yCxXLBO8AAAAAElFTkSuQmCC",
     b: "iVBORw0KGgoAAAANSUhEUgAAADAAAAAoCAYAAAC4h3lxAAABcElEQVR42mNgYGBIGeJ41AOjHhj1wKgHkDAjm0Aeq5hdN4dS3Dwu3dpNbDJ+U0B8kPig9QATt3w5yLFC/rffiET9+o8LC3iefsSpnruCyp6hLLS5jXt343M0Niwc8uoryMMD6gEWQf1GQiFOCINiBBR7dPcAKH1T4nD02AAFBt08AMqQ1HI8sicoiAnS0jzIMmp7AJacaO4BPrs152nheBgmM2MPXNLBlpTIKGKJU8hjMecorT0AwqB6giYeoFXap0JeGBzJBxmTmIwIKwJlLnp6ABRgQ9oDoAbgkPYAicXp4PMAqKkymgeGVSkEMpBejgc10WlSkdG6HURBe2jwtIVAmIxmNfGK+V323KCl40HdU5o2p0E9J1qmfTI7+wPXnUTGFHQrB7ZPTEbFRZ1RCWp4AtREJ7HSou64ECjayc3YoGKZSgNclA8ugUKRmHoCFOKgnh0VQp02Y6OwcVFQZYSOqezo0dHpUQ+MemC4eAAAUN3FClBlRAcAAAAASUVORK5CYII=",
     expectations: [
        (threshold: 0.05, includeAA: false, diffMask: false, count: 1241, diffCRC: 0x67D13936),
        (threshold: 0.1, includeAA: false, diffMask: false, count: 1241, diffCRC: 0xCC58E7F4),
        (threshold: 0.1, includeAA: true, diffMask: false, count: 1339, diffCRC: 0x9EE8E22D),
        (threshold: 0.0, includeAA: false, diffMask: true, count: 1241, diffCRC: 0x68AC1BF1),
        (threshold: 0.3, includeAA: false, diffMask: false, count: 1241, diffCRC: 0xD4A42958),
     ]),
]
